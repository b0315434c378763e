import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LIVE_JOB_TYPES, LIVE_MESSAGES } from '@regie/contract/live';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type ContentLiveRow, contentLives } from '../db/cameras.table.ts';
import { transaction } from '../db/transactions.ts';
import { defineJob, type JobContext, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { runFfmpeg } from '../media/ffmpeg.runner.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { enqueueEncode, workFolder } from '../videos/videos.encode.job.ts';
import { followedByVideo } from '../videos/videos.job-hooks.ts';
import { originalKey, videoFolder } from '../videos/videos.keys.ts';
import { findVideo, latestJob, updateVideo } from '../videos/videos.service.ts';
import { videoStates } from '../videos/videos.state.ts';
import { type ContentRef, type ProgramSegment, programSegments } from './program.ts';

/** Where the job's progress goes: segments gathered, joined, stored. */
const PROGRESS = { gathered: 20, joined: 90, stored: 98 } as const;
/**
 * Segments joined by one ffmpeg run: the concat: protocol takes them as one argument, and an
 * argument must stay well under Linux's 128 KiB; a longer recording is joined in parts first.
 */
const SEGMENTS_PER_RUN = 400;
const REPLAY_FILENAME = 'replay.ts';

type ReplayContext = JobContext<{ liveId: number }>;

/** The content a live belongs to. */
export function contentOfLive(live: Pick<ContentLiveRow, 'eventId' | 'conferenceId'>): ContentRef {
  return live.eventId !== null
    ? { kind: 'events', id: live.eventId }
    : { kind: 'business-players', id: live.conferenceId ?? 0 };
}

/** A segment as a local file: in place on local storage (linked), else downloaded into `folder`. */
async function segmentFile(storage: ObjectStorage, segment: ProgramSegment, target: string): Promise<void> {
  const local = storage.localPath(segment.path);
  if (local && (await storage.exists(segment.path))) {
    await symlink(local, target);
    return;
  }
  const object = await storage.get(segment.path);
  if (!object) throw new PermanentJobError(LIVE_MESSAGES.replaySegmentMissing(segment.sequence, segment.inputId));
  await pipeline(object.body, createWriteStream(target));
}

/**
 * The concat: protocol reads the files one after the other as one MPEG-TS stream (exact: every
 * frame once, audio kept; the concat demuxer duplicated frames at the joins), copied as it is.
 */
function concatArgs(files: readonly string[], output: string): string[] {
  return ['-i', `concat:${files.join('|')}`, '-map', '0', '-c', 'copy', '-f', 'mpegts', output];
}

/** Joins the segments (in order) into `work`/replay.ts, in parts when there are many. */
async function joinSegments(context: ReplayContext, segments: readonly ProgramSegment[], work: string) {
  const { storage, signal, reportProgress } = context;
  const files: string[] = [];
  for (const [index, segment] of segments.entries()) {
    signal.throwIfAborted();
    const file = join(work, `${index}.ts`);
    await segmentFile(storage, segment, file);
    files.push(file);
    reportProgress((PROGRESS.gathered * (index + 1)) / segments.length);
  }
  const total = segments.reduce((sum, segment) => sum + segment.duration, 0);
  const output = join(work, REPLAY_FILENAME);
  const runs = Math.ceil(files.length / SEGMENTS_PER_RUN);
  const parts: string[] = [];
  let joined = 0;
  const joining = (seconds: number) => (percent: number) =>
    reportProgress(
      PROGRESS.gathered +
        ((PROGRESS.joined - PROGRESS.gathered) * (joined + (seconds * percent) / 100)) / (total * (runs > 1 ? 2 : 1)),
    );
  if (runs === 1) {
    await runFfmpeg(concatArgs(files, output), { durationSeconds: total, onProgress: joining(total), signal });
    return { file: output, durationSeconds: total };
  }
  for (let run = 0; run < runs; run += 1) {
    const slice = segments.slice(run * SEGMENTS_PER_RUN, (run + 1) * SEGMENTS_PER_RUN);
    const seconds = slice.reduce((sum, segment) => sum + segment.duration, 0);
    const part = join(work, `part-${run}.ts`);
    await runFfmpeg(concatArgs(files.slice(run * SEGMENTS_PER_RUN, (run + 1) * SEGMENTS_PER_RUN), part), {
      durationSeconds: seconds,
      onProgress: joining(seconds),
      signal,
    });
    joined += seconds;
    parts.push(part);
  }
  await runFfmpeg(concatArgs(parts, output), { durationSeconds: total, onProgress: joining(total), signal });
  return { file: output, durationSeconds: total };
}

/**
 * live.replay: the program's recording over a live (the on-air camera's segments from its start
 * to its end, in order, live/program.ts) joined into one MPEG-TS file with the concat: protocol,
 * stored as the replay video's original; then the video's usual encode job (ladder, poster,
 * storyboard) is queued. Storing the original and queueing the encode are one transaction: an
 * attempt that finds the original stored has nothing left to do (a restart or a dead worker
 * between steps makes no second encode); an attempt cut short before starts over in a fresh
 * work folder. The replay video was made with the live's end (live/replay.service.ts).
 */
export const replayLiveJob = defineJob({
  type: LIVE_JOB_TYPES.replay,
  payload: z.object({ liveId: z.number().int().positive() }),
  retry: { maxAttempts: 3, backoff: { initialMs: 10_000, maxMs: 300_000 } },
  timeoutMs: 6 * 60 * 60 * 1000,
  ...followedByVideo('processing'),
  async perform(context) {
    const { payload, db, dataDir, job, storage } = context;
    const [live] = await db.select().from(contentLives).where(eq(contentLives.id, payload.liveId)).limit(1);
    if (!live) return skipped(`Live ${payload.liveId} no longer exists`);
    const video = live.replayVideoId === null ? null : await findVideo(db, live.replayVideoId);
    if (!video) return skipped(`The replay video of live ${live.id} no longer exists`);
    if (video.originalKey) {
      const encode = await latestJob(db, video, VIDEO_JOB_TYPES.encode);
      return { resumed: true, encodeJobId: encode?.id ?? null };
    }
    const segments = await programSegments(db, contentOfLive(live), { from: live.startedAt, to: live.endedAt });
    if (segments.length === 0) throw new PermanentJobError(LIVE_MESSAGES.replayNothingRecorded);
    await videoStates.processing(db, video.id);
    const work = await workFolder(dataDir, `replay-${video.id}-job-${job.id}`, job.attempt);
    try {
      const joined = await joinSegments(context, segments, work);
      const key = originalKey(video.accountId, video.id, REPLAY_FILENAME);
      const { size } = await stat(joined.file);
      await storage.putStream(key, createReadStream(joined.file), 'video/mp2t', { size });
      context.reportProgress(PROGRESS.stored);
      const encode = await transaction(db, async (tx) => {
        const stored = await updateVideo(tx, video.id, {
          originalKey: key,
          filename: REPLAY_FILENAME,
          size,
          contentType: 'video/mp2t',
        });
        return stored ? enqueueEncode(tx, stored) : null;
      });
      // Deleted while it was joined: its purge job may have run already, so clean up here too.
      if (!encode) {
        await storage.deletePrefix(videoFolder(video.accountId, video.id));
        return skipped(`Video ${video.id} was deleted while its replay was made`);
      }
      return {
        segments: segments.length,
        durationSeconds: joined.durationSeconds,
        startedAt: segments[0]?.startedAt.toISOString() ?? null,
        encodeJobId: encode.id,
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
});
