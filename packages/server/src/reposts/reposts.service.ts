import { REPOST_MESSAGES, REPOSTS_LIST_LIMIT, type RepostItem, type RepostResult } from '@regie/contract/reposts';
import { type ShareTarget, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/jobs.table.ts';
import { eventReposts } from '../db/reposts.table.ts';
import { transaction } from '../db/transactions.ts';
import { users } from '../db/users.table.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import type { EventRow } from '../graphics/event-scope.ts';
import { badRequest, HttpError } from '../http/http.errors.ts';
import type { MessageLanguage } from '../http/localize.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import type { ShareAdapters } from '../videos/share.adapters.ts';
import { shareVideoJob } from '../videos/share.job.ts';

/** The video reposted: the one asked for, else the replay; it must be the replay or a clip of the event, and ready. */
export async function repostVideo(db: Db, event: EventRow, videoId: number | undefined): Promise<VideoRow> {
  const id = videoId ?? event.videoId;
  if (id === null) throw new HttpError(409, REPOST_MESSAGES.noVideo(event.id));
  const [video] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.accountId, event.accountId)))
    .limit(1);
  if (!video || (video.id !== event.videoId && video.clipEventId !== event.id)) {
    const message = REPOST_MESSAGES.notEventVideo(id);
    throw badRequest(message, [{ path: 'videoId', message }]);
  }
  if (video.state !== 'ready') throw new HttpError(409, REPOST_MESSAGES.notReady(video.id));
  return video;
}

/**
 * One share job per target the server has and the user linked; a target that is not configured
 * or not linked is answered as such and recorded, and never stops the others.
 */
export async function repost(
  db: Db,
  adapters: ShareAdapters,
  request: { event: EventRow; video: VideoRow; userId: number; targets: readonly ShareTarget[]; message?: string },
  language: MessageLanguage,
): Promise<RepostResult[]> {
  const { event, video, userId, message } = request;
  const [user] = await db.select({ oauth: users.oauth }).from(users).where(eq(users.id, userId));
  const oauth = user?.oauth ?? {};
  return transaction(db, async (tx) => {
    const results: RepostResult[] = [];
    for (const target of request.targets) {
      const adapter = adapters[target];
      const outcome = !adapter.configured ? 'not-configured' : !adapter.linked(oauth) ? 'not-linked' : 'queued';
      const job =
        outcome === 'queued'
          ? await enqueueJob(
              tx,
              shareVideoJob,
              { videoId: video.id, target, userId, ...(message ? { message } : {}) },
              { accountId: video.accountId, resourceType: VIDEO_RESOURCE_TYPE, resourceId: video.id },
            )
          : null;
      await tx.insert(eventReposts).values({
        eventId: event.id,
        videoId: video.id,
        target,
        outcome,
        message: message ?? null,
        jobId: job?.id ?? null,
        userId,
        accountId: event.accountId,
      });
      results.push({ target, outcome, job: job ? presentJob(job, language) : null });
    }
    return results;
  });
}

/** The event's reposts, newest first, each with its job as it is now. */
export async function listReposts(db: Db, eventId: number, language: MessageLanguage): Promise<RepostItem[]> {
  const rows = await db
    .select({ repost: eventReposts, job: jobs, videoTitle: videos.title })
    .from(eventReposts)
    .leftJoin(jobs, eq(jobs.id, eventReposts.jobId))
    .leftJoin(videos, eq(videos.id, eventReposts.videoId))
    .where(eq(eventReposts.eventId, eventId))
    .orderBy(desc(eventReposts.id))
    .limit(REPOSTS_LIST_LIMIT);
  return rows.map(({ repost, job, videoTitle }) => ({
    id: repost.id,
    videoId: repost.videoId,
    videoTitle,
    target: repost.target,
    outcome: repost.outcome,
    message: repost.message,
    createdAt: repost.createdAt.toISOString(),
    job: job ? presentJob(job, language) : null,
  }));
}
