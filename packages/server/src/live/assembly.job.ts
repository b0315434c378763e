import { LIVE_JOB_TYPES } from '@regie/contract/live';
import { LIVE_CONVERT_MESSAGES } from '@regie/contract/live.convert';
import { and, asc, desc, eq, gte, lt, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { liveInputs, liveSegments } from '../db/live.table.ts';
import { defineJob, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { followedByVideo } from '../videos/videos.job-hooks.ts';
import { findVideo } from '../videos/videos.service.ts';
import type { ProgramSegment } from './program.ts';
import { storeRecording } from './recording.store.ts';

export const assemblyPayload = z.object({
  inputId: z.number().int().positive(),
  videoId: z.number().int().positive(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** The segments the call chose (inclusive): what the job joins, whatever is indexed since. */
  firstSequence: z.number().int().nonnegative(),
  lastSequence: z.number().int().nonnegative(),
  /** What the call found to join (what GET assembly reports while the job runs). */
  segments: z.number().int().nonnegative(),
  durationSeconds: z.number().nonnegative(),
});
export type AssemblyPayload = z.infer<typeof assemblyPayload>;

/** An input's indexed segments starting inside [from, to), in order, as the joiner takes them. */
export async function inputSegments(db: Db, inputId: number, from: Date, to: Date): Promise<ProgramSegment[]> {
  const rows = await db
    .select()
    .from(liveSegments)
    .where(and(eq(liveSegments.inputId, inputId), gte(liveSegments.startedAt, from), lt(liveSegments.startedAt, to)))
    .orderBy(asc(liveSegments.sequence));
  return rows.map((row) => ({ ...row, switched: false }));
}

/**
 * An input's last publish: its segments from the last that opened a run (a discontinuity) on.
 * Chosen by sequence, not by time: the wall-clock times ffmpeg stamps on segments may run ahead
 * of the server's clock by a second or so.
 */
export async function lastPublishSegments(db: Db, inputId: number): Promise<ProgramSegment[]> {
  const [opening] = await db
    .select({ sequence: liveSegments.sequence })
    .from(liveSegments)
    .where(and(eq(liveSegments.inputId, inputId), eq(liveSegments.discontinuity, true)))
    .orderBy(desc(liveSegments.sequence))
    .limit(1);
  if (!opening) return [];
  return sequenceSegments(db, inputId, opening.sequence);
}

/** An input's segments first..last (inclusive; without last, to the end), in order. */
async function sequenceSegments(db: Db, inputId: number, first: number, last?: number): Promise<ProgramSegment[]> {
  const rows = await db
    .select()
    .from(liveSegments)
    .where(
      and(
        eq(liveSegments.inputId, inputId),
        gte(liveSegments.sequence, first),
        last === undefined ? undefined : lte(liveSegments.sequence, last),
      ),
    )
    .orderBy(asc(liveSegments.sequence));
  return rows.map((row) => ({ ...row, switched: false }));
}

/** The original's file name of an assembly: a video whose original has it was stored by that job. */
const assemblyFilename = (jobId: number) => `assembly-${jobId}.ts`;

/**
 * live.assembly (contract live.convert.ts): an input's segments over the period joined with the
 * concat: protocol (live/recording.ts, as the replay) into one MPEG-TS file, stored as the video's
 * original (replacing the one it had), then the video's usual encode queued in the same
 * transaction. An attempt that finds its own original stored has nothing left to do.
 */
export const assemblyJob = defineJob({
  type: LIVE_JOB_TYPES.assembly,
  payload: assemblyPayload,
  retry: { maxAttempts: 3, backoff: { initialMs: 10_000, maxMs: 300_000 } },
  timeoutMs: 6 * 60 * 60 * 1000,
  ...followedByVideo('processing'),
  async perform(context) {
    const { payload, db, job, storage } = context;
    const video = await findVideo(db, payload.videoId);
    if (!video) return skipped(`Video ${payload.videoId} no longer exists`);
    const filename = assemblyFilename(job.id);
    if (video.filename === filename && video.originalKey) return { resumed: true };
    const [input] = await db.select().from(liveInputs).where(eq(liveInputs.id, payload.inputId));
    if (!input) throw new PermanentJobError(LIVE_CONVERT_MESSAGES.inputGone);
    const segments = await sequenceSegments(db, input.id, payload.firstSequence, payload.lastSequence);
    if (segments.length === 0) throw new PermanentJobError(LIVE_CONVERT_MESSAGES.nothingRecorded(input.name));
    const stored = await storeRecording(context, video, segments, { filename, work: 'assembly' });
    if (!stored.encode) {
      await storage.delete(stored.key);
      return skipped(`Video ${video.id} was deleted while the recording was assembled`);
    }
    // The original it had (another extension) is replaced: its file goes.
    if (video.originalKey && video.originalKey !== stored.key) await storage.delete(video.originalKey);
    return { segments: segments.length, durationSeconds: stored.durationSeconds, encodeJobId: stored.encode.id };
  },
});
