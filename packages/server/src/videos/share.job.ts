import { rm, stat } from 'node:fs/promises';
import { REPOST_MESSAGE_MAX } from '@regie/contract/reposts';
import { SHARE_TARGETS, VIDEO_JOB_TYPES, VIDEO_MESSAGES } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../db/users.table.ts';
import { defineJob, PermanentJobError, skipped } from '../jobs/jobs.define.ts';
import { createShareAdapters } from './share.adapters.ts';
import { ShareError } from './share.types.ts';
import { sourceFile, workFolder } from './videos.encode.job.ts';
import { findVideo } from './videos.service.ts';

/**
 * video.share: uploads a ready video's original to a platform as the user who asked (their link
 * in users.oauth) and stores where it landed, `{target, externalId, url}`, as the job's result.
 * A refusal (expired link, rejected file) fails it at once with the platform's reason; a platform
 * that cannot be reached is tried again later.
 */
export const shareVideoJob = defineJob({
  type: VIDEO_JOB_TYPES.share,
  payload: z.object({
    videoId: z.number().int().positive(),
    target: z.enum(SHARE_TARGETS),
    userId: z.number().int().positive(),
    /** Posted as the description instead of the video's own (event reposts, contract reposts.ts). */
    message: z.string().max(REPOST_MESSAGE_MAX).optional(),
  }),
  retry: { maxAttempts: 3, backoff: { initialMs: 60_000, maxMs: 900_000 } },
  timeoutMs: 3 * 60 * 60 * 1000,
  async perform({ payload, db, storage, config, dataDir, signal, reportProgress, job }) {
    const video = await findVideo(db, payload.videoId);
    if (!video) return skipped(`Video ${payload.videoId} no longer exists`);
    if (video.state !== 'ready' || !video.originalKey) {
      throw new PermanentJobError(VIDEO_MESSAGES.shareNotReady(video.id, video.state));
    }
    const [user] = await db.select({ oauth: users.oauth }).from(users).where(eq(users.id, payload.userId));
    if (!user) return skipped(`User ${payload.userId} no longer exists`);
    const adapter = createShareAdapters(config.videos)[payload.target];
    if (!adapter.configured) throw new PermanentJobError(VIDEO_MESSAGES.shareNotConfigured(payload.target));
    if (!adapter.linked(user.oauth)) throw new PermanentJobError(VIDEO_MESSAGES.shareNotLinked(payload.target));

    const work = await workFolder(dataDir, `share-${video.id}-job-${job.id}`, job.attempt);
    try {
      const path = await sourceFile(storage, video, work);
      reportProgress(1);
      const { size } = await stat(path);
      const shared = await adapter.share(user.oauth, {
        title: video.title,
        description: payload.message ?? video.description,
        file: {
          path,
          size,
          contentType: video.contentType ?? 'video/mp4',
          filename: video.filename ?? path.split('/').pop() ?? 'video.mp4',
        },
        signal,
        // The upload is the job; the platform's processing after it is not ours to wait for.
        onProgress: (fraction) => reportProgress(1 + 98 * Math.min(1, fraction)),
      });
      return { target: payload.target, ...shared };
    } catch (error) {
      if (error instanceof ShareError && error.permanent) throw new PermanentJobError(error.reason, { cause: error });
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
});
