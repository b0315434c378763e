import { VIDEO_JOB_TYPES } from '@regie/contract/videos';
import { z } from 'zod';
import { defineJob, skipped } from '../jobs/jobs.define.ts';
import { videoFolder } from './videos.keys.ts';
import { findVideo } from './videos.service.ts';

/**
 * video.purge: once a video is deleted, removes its files (original, HLS, images, subtitles) and
 * the parts of its unfinished uploads. Queued by the delete itself, in its transaction.
 */
export const purgeVideoJob = defineJob({
  type: VIDEO_JOB_TYPES.purge,
  payload: z.object({
    accountId: z.number().int().positive(),
    videoId: z.number().int().positive(),
    uploads: z.array(z.object({ key: z.string(), uploadId: z.string() })).default([]),
  }),
  retry: { maxAttempts: 5, backoff: { initialMs: 30_000, maxMs: 3_600_000 } },
  timeoutMs: 10 * 60 * 1000,
  async perform({ payload, db, storage }) {
    if (await findVideo(db, payload.videoId)) return skipped(`Video ${payload.videoId} still exists`);
    for (const upload of payload.uploads) {
      // Already completed or aborted: nothing left to remove.
      await storage.abortMultipart(upload.key, upload.uploadId).catch(() => undefined);
    }
    await storage.deletePrefix(videoFolder(payload.accountId, payload.videoId));
    return { removed: videoFolder(payload.accountId, payload.videoId) };
  },
});
