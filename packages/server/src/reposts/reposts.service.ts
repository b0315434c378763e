import { REPOST_MESSAGES, REPOSTS_LIST_LIMIT, type RepostItem, type RepostResult } from '@regie/contract/reposts';
import type { ShareTarget } from '@regie/contract/videos';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AuditSource } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { publications } from '../db/publications.table.ts';
import { eventReposts } from '../db/reposts.table.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import type { EventRow } from '../graphics/event-scope.ts';
import { badRequest, HttpError } from '../http/http.errors.ts';
import { localize, type MessageLanguage } from '../http/localize.ts';
import { presentPublication, publicationsWithNames } from '../social/publications.presenter.ts';
import { tryShareVideo } from '../videos/share.publications.ts';

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

export interface RepostOrder {
  event: EventRow;
  video: VideoRow;
  userId: number;
  userName: string;
  /** The account's active modules. */
  modules: readonly string[];
  targets: readonly ShareTarget[];
  message?: string | undefined;
  audit: AuditSource;
  requestId: string | null;
}

/**
 * One publication per target through the user's links (videos/share.publications.ts); a target
 * refused (no link, a platform's limit) is answered and recorded with its reasons, and never stops
 * the others. Each target is a row of the event's reposts.
 */
export async function repost(db: Db, order: RepostOrder, language: MessageLanguage): Promise<RepostResult[]> {
  const { event, video, message } = order;
  const results: RepostResult[] = [];
  for (const target of order.targets) {
    const outcome = await tryShareVideo(db, {
      userId: order.userId,
      modules: order.modules,
      video,
      target,
      caption: message,
      audit: order.audit,
      requestId: order.requestId,
    });
    await db.insert(eventReposts).values({
      eventId: event.id,
      videoId: video.id,
      target,
      outcome: outcome.publication ? 'queued' : 'refused',
      message: message ?? null,
      publicationId: outcome.publication?.id ?? null,
      reasons: outcome.reasons,
      userId: order.userId,
      accountId: event.accountId,
    });
    results.push({
      target,
      outcome: outcome.publication ? 'queued' : 'refused',
      publication: outcome.publication
        ? presentPublication(
            { ...outcome.publication, videoTitle: video.title, userName: order.userName, ruleName: null },
            language,
          )
        : null,
      reasons: outcome.reasons.map((reason) => localize(reason, language)),
    });
  }
  return results;
}

/** The event's reposts, newest first, each with its publication as it is now. */
export async function listReposts(db: Db, eventId: number, language: MessageLanguage): Promise<RepostItem[]> {
  const rows = await db
    .select({ repost: eventReposts, videoTitle: videos.title })
    .from(eventReposts)
    .leftJoin(videos, eq(videos.id, eventReposts.videoId))
    .where(eq(eventReposts.eventId, eventId))
    .orderBy(desc(eventReposts.id))
    .limit(REPOSTS_LIST_LIMIT);
  const ids = rows.flatMap(({ repost }) => (repost.publicationId === null ? [] : [repost.publicationId]));
  const made = ids.length > 0 ? await publicationsWithNames(db, inArray(publications.id, ids), ids.length) : [];
  return rows.map(({ repost, videoTitle }) => {
    const publication = made.find((row) => row.id === repost.publicationId);
    return {
      id: repost.id,
      videoId: repost.videoId,
      videoTitle,
      target: repost.target,
      outcome: repost.outcome,
      message: repost.message,
      reasons: repost.reasons.map((reason) => localize(reason, language)),
      publication: publication ? presentPublication(publication, language) : null,
      createdAt: repost.createdAt.toISOString(),
    };
  });
}
