import { type ShareTarget, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type VideoRow, videoPendingShares } from '../db/videos.table.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { shareVideoJob } from './share.job.ts';

/**
 * Shares asked for before the video plays (the -dailymotion end of a live asks for its replay's):
 * kept in video_pending_shares until the encode job makes the video ready, which then queues them
 * (releasePendingShares) in the transaction that marks it ready: each is queued once, never lost.
 */
export async function sharePendingVideo(
  db: Db,
  share: { videoId: number; target: ShareTarget; userId: number },
): Promise<void> {
  await db.insert(videoPendingShares).values(share).onConflictDoNothing();
}

/** Queues the video.share job of every share waiting for the video, and forgets them. */
export async function releasePendingShares(db: Db, video: Pick<VideoRow, 'id' | 'accountId'>): Promise<number> {
  const waiting = await db.delete(videoPendingShares).where(eq(videoPendingShares.videoId, video.id)).returning();
  for (const share of waiting) {
    await enqueueJob(
      db,
      shareVideoJob,
      { videoId: video.id, target: share.target, userId: share.userId },
      { accountId: video.accountId, resourceType: VIDEO_RESOURCE_TYPE, resourceId: video.id },
    );
  }
  return waiting.length;
}
