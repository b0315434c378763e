import { WAITING_STATES } from '@regie/contract/publications';
import type { Aspect } from '@regie/contract/vertical';
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { clipRuleRuns, clipRules } from '../db/clip-rules.table.ts';
import { clipTemplates } from '../db/clip-templates.table.ts';
import type { Db } from '../db/database.ts';
import { publications } from '../db/publications.table.ts';
import { videoRenditions } from '../db/video-renditions.table.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { enqueueRender } from './rendition.job.ts';
import { rendersAspects } from './renditions.module.ts';
import { requestRender, sourceAspectOf } from './renditions.service.ts';

/**
 * The aspects a video is rendered in once its media are (re)made (the encode's last step, in its
 * transaction): those its clip template and the clip rules that made it name, and those it was
 * rendered in before, whose media came from the replaced original (their automatic path is
 * analysed again). Nothing without the account's VERTICAL_VIDEO module. Answers the aspects queued.
 *
 * `originalSince` is when the original the encode read was stored (its encode was queued in the
 * same transaction): a rendition first asked for since then (a publication's, which asks as soon
 * as the cut is stored) is rendered from that original already and is not rendered twice.
 */
export async function renderWantedAspects(
  db: Db,
  video: VideoRow,
  requestId: string | null,
  originalSince: Date,
): Promise<Aspect[]> {
  if (!(await rendersAspects(db, video.accountId))) return [];
  const wanted = new Set<Aspect>();
  if (video.clipTemplateId !== null) {
    const [template] = await db
      .select({ aspects: clipTemplates.aspects })
      .from(clipTemplates)
      .where(and(eq(clipTemplates.id, video.clipTemplateId), eq(clipTemplates.accountId, video.accountId)));
    for (const aspect of template?.aspects ?? []) wanted.add(aspect);
  }
  const rules = await db
    .select({ aspects: clipRules.aspects })
    .from(clipRuleRuns)
    .innerJoin(clipRules, eq(clipRules.id, clipRuleRuns.ruleId))
    .where(and(eq(clipRuleRuns.clipVideoId, video.id), eq(clipRuleRuns.accountId, video.accountId)));
  for (const rule of rules) for (const aspect of rule.aspects) wanted.add(aspect);
  // Rendered before from the original replaced: rendered again, their automatic path analysed anew.
  const rendered = await db
    .update(videoRenditions)
    .set({ autoPath: null, updatedAt: sql`now()` })
    .where(and(eq(videoRenditions.videoId, video.id), lt(videoRenditions.createdAt, originalSince)))
    .returning({ aspect: videoRenditions.aspect });
  for (const { aspect } of rendered) wanted.add(aspect);
  const fresh = await db
    .select({ aspect: videoRenditions.aspect })
    .from(videoRenditions)
    .where(
      and(
        eq(videoRenditions.videoId, video.id),
        gte(videoRenditions.createdAt, originalSince),
        ne(videoRenditions.state, 'failed'),
      ),
    );
  for (const { aspect } of fresh) wanted.delete(aspect);
  const own = sourceAspectOf(video);
  if (own) wanted.delete(own);
  return queueRenders(db, video, [...wanted], requestId);
}

/** Asks for a render of each aspect and queues it; answers the aspects. */
async function queueRenders(
  db: Db,
  video: VideoRow,
  aspects: readonly Aspect[],
  requestId: string | null,
): Promise<Aspect[]> {
  for (const aspect of aspects) {
    const asked = await requestRender(db, video, aspect);
    await enqueueRender(db, asked.row, asked.generation, requestId);
  }
  return [...aspects];
}

/**
 * The shapes the video's waiting publications need, rendered as soon as its cut is stored (the
 * clip job's last step, in the transaction that queues its encode): a rule's goal goes to TikTok
 * in 9:16 without waiting for the clip's streaming ladder, the render (which goes before encodes in
 * the queue) being queued first. A shape already asked for is left to the encode's end, and the
 * encode's end does not render again what this asked for (renderWantedAspects' `originalSince`).
 */
export async function renderPublicationAspects(db: Db, video: VideoRow, requestId: string | null): Promise<Aspect[]> {
  if (!(await rendersAspects(db, video.accountId))) return [];
  const own = sourceAspectOf(video) ?? '16:9';
  const wanted = await db
    .selectDistinct({ aspect: publications.aspect })
    .from(publications)
    .where(
      and(
        eq(publications.videoId, video.id),
        eq(publications.accountId, video.accountId),
        inArray(publications.state, [...WAITING_STATES]),
        ne(publications.aspect, own),
      ),
    );
  if (wanted.length === 0) return [];
  const asked = await db
    .select({ aspect: videoRenditions.aspect })
    .from(videoRenditions)
    .where(and(eq(videoRenditions.videoId, video.id), ne(videoRenditions.state, 'failed')));
  const missing = wanted.map((row) => row.aspect).filter((aspect) => !asked.some((row) => row.aspect === aspect));
  return queueRenders(db, video, missing, requestId);
}
