import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LIVE_JOB_TYPES, LIVE_MESSAGES } from '@regie/contract/live';
import { MEDIA_CONTENT_TYPES, VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type ContentLiveRow, contentLives } from '../db/cameras.table.ts';
import { transaction } from '../db/transactions.ts';
import { defineJob, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { enqueueEncode, workFolder } from '../videos/videos.encode.job.ts';
import { followedByVideo } from '../videos/videos.job-hooks.ts';
import { originalKey, videoFolder } from '../videos/videos.keys.ts';
import { findVideo, latestJob, updateVideo } from '../videos/videos.service.ts';
import { videoStates } from '../videos/videos.state.ts';
import { type ContentRef, programSegments } from './program.ts';
import { joinSegments } from './recording.ts';

/** Where the job's progress goes: joined, stored. */
const PROGRESS = { joined: 90, stored: 98 } as const;
const REPLAY_FILENAME = 'replay.ts';

/** The content a live belongs to. */
export function contentOfLive(live: Pick<ContentLiveRow, 'eventId' | 'conferenceId'>): ContentRef {
  return live.eventId !== null
    ? { kind: 'events', id: live.eventId }
    : { kind: 'business-players', id: live.conferenceId ?? 0 };
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
    const { payload, db, dataDir, job, storage, signal } = context;
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
      const file = join(work, REPLAY_FILENAME);
      const durationSeconds = await joinSegments(
        { storage, signal, onProgress: (fraction) => context.reportProgress(fraction * PROGRESS.joined) },
        segments,
        work,
        file,
      );
      const key = originalKey(video.accountId, video.id, REPLAY_FILENAME);
      const { size } = await stat(file);
      await storage.putStream(key, createReadStream(file), MEDIA_CONTENT_TYPES.ts ?? 'video/mp2t', { size });
      context.reportProgress(PROGRESS.stored);
      const encode = await transaction(db, async (tx) => {
        const stored = await updateVideo(tx, video.id, {
          originalKey: key,
          filename: REPLAY_FILENAME,
          size,
          contentType: MEDIA_CONTENT_TYPES.ts ?? 'video/mp2t',
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
        durationSeconds,
        startedAt: segments[0]?.startedAt.toISOString() ?? null,
        encodeJobId: encode.id,
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
});
