import { LIVE_JOB_TYPES, LIVE_MESSAGES } from '@regie/contract/live';
import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type ContentLiveRow, contentLives } from '../db/cameras.table.ts';
import { defineJob, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { followedByVideo } from '../videos/videos.job-hooks.ts';
import { videoFolder } from '../videos/videos.keys.ts';
import { findVideo, latestJob } from '../videos/videos.service.ts';
import { type ContentRef, programSegments } from './program.ts';
import { storeRecording } from './recording.store.ts';

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
    const { payload, db, storage } = context;
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
    const stored = await storeRecording(context, video, segments, { filename: REPLAY_FILENAME, work: 'replay' });
    // Deleted while it was joined: its purge job may have run already, so clean up here too.
    if (!stored.encode) {
      await storage.deletePrefix(videoFolder(video.accountId, video.id));
      return skipped(`Video ${video.id} was deleted while its replay was made`);
    }
    return {
      segments: segments.length,
      durationSeconds: stored.durationSeconds,
      startedAt: segments[0]?.startedAt.toISOString() ?? null,
      encodeJobId: stored.encode.id,
    };
  },
});
