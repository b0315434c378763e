import { randomUUID } from 'node:crypto';
import type { ClipRulePublishMode } from '@regie/contract/clip-rules';
import type { Message } from '@regie/contract/messages';
import { PUBLICATION_MESSAGES, type PublishBody, publicationProblems, startAspect } from '@regie/contract/publications';
import { SOCIAL_PLATFORM_NAMES } from '@regie/contract/social';
import { VERTICAL_MESSAGES, VERTICAL_MODULE } from '@regie/contract/vertical';
import { and, eq, inArray } from 'drizzle-orm';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { type PublicationRow, publications } from '../db/publications.table.ts';
import { socialLinks } from '../db/social-links.table.ts';
import { transaction } from '../db/transactions.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { badRequest, HttpError } from '../http/http.errors.ts';
import { sourceAspectOf } from '../vertical/renditions.service.ts';
import { exactCutUnderWay } from '../videos/videos.service.ts';
import { publicationChanged } from './publications.events.ts';
import { enqueuePublish } from './publish.job.ts';

/** The audit trail's resource of publications. */
export const PUBLICATIONS_RESOURCE = 'publications';

/** Platforms whose link publishes to a page or channel chosen after linking. */
const NEEDS_TARGET = new Set(['youtube', 'facebook', 'instagram']);

export interface PublishOrder {
  /** Whose links publish: the user who asks (or the clip rule's author). */
  userId: number;
  /** The account's active modules (a shape other than the video's own needs VERTICAL_VIDEO). */
  modules: readonly string[];
  video: Pick<
    VideoRow,
    'id' | 'accountId' | 'state' | 'originalKey' | 'duration' | 'size' | 'width' | 'height' | 'title'
  >;
  body: PublishBody;
  audit: AuditSource;
  requestId: string | null;
  /**
   * A clip rule publishing its clip (issue 41 point 3): the clip may still be cut and encoded (the
   * publication waits for it), its length is the rule's range, and in 'approval' mode the
   * publication waits for a producer instead of being queued.
   */
  rule?: {
    id: number;
    mode: ClipRulePublishMode;
    durationSeconds: number;
    markerAt: Date;
    clipMadeAt: Date;
  };
}

/**
 * Makes one publication per target of `order` and queues each (issue 41 point 2): everything a
 * platform would refuse (its limits, a missing or broken link, a shape without its module, a past
 * time) is refused first, as a 400 naming every field, and then nothing is made. The publications,
 * their audit entries and their first steps are one transaction.
 */
export async function publishVideo(db: Db, order: PublishOrder): Promise<PublicationRow[]> {
  const { video, body, rule } = order;
  // A live clip's first seconds: ready on its instant copy, its exact cut under way (the publication waits for it).
  const usable = rule
    ? !['failed', 'cancelled'].includes(video.state)
    : video.state === 'ready' && (video.originalKey || (await exactCutUnderWay(db, video)));
  if (!usable) throw new HttpError(409, PUBLICATION_MESSAGES.videoNotReady);
  const when = body.scheduledAt ? new Date(body.scheduledAt) : null;
  if (when && when.getTime() < Date.now() - 60_000)
    throw badRequest(PUBLICATION_MESSAGES.scheduleInPast, [
      { path: 'scheduledAt', message: PUBLICATION_MESSAGES.scheduleInPast },
    ]);
  const own = sourceAspectOf(video) ?? '16:9';
  const vertical = order.modules.includes(VERTICAL_MODULE);
  const links = await db
    .select()
    .from(socialLinks)
    .where(
      and(
        eq(socialLinks.userId, order.userId),
        inArray(
          socialLinks.platform,
          body.targets.map((target) => target.platform),
        ),
      ),
    );
  const errors: { path: string; message: Message }[] = [];
  const planned = body.targets.map((target, index) => {
    const name = SOCIAL_PLATFORM_NAMES[target.platform];
    const at = (field: string) => `targets.${index}.${field}`;
    if (body.targets.findIndex((other) => other.platform === target.platform) !== index) {
      errors.push({ path: at('platform'), message: PUBLICATION_MESSAGES.twiceSamePlatform(name) });
    }
    const link = links.find((candidate) => candidate.platform === target.platform);
    if (!link) errors.push({ path: at('platform'), message: PUBLICATION_MESSAGES.notLinked(name) });
    else if (link.state !== 'active')
      errors.push({ path: at('platform'), message: PUBLICATION_MESSAGES.linkNotActive(name) });
    else if (link.targetId === null && NEEDS_TARGET.has(link.platform)) {
      errors.push({ path: at('platform'), message: PUBLICATION_MESSAGES.targetNeeded(name) });
    }
    const aspect = target.aspect ?? startAspect(target.platform, sourceAspectOf(video), vertical);
    if (aspect !== own && !vertical) {
      errors.push({ path: at('aspect'), message: VERTICAL_MESSAGES.moduleInactive });
    }
    for (const problem of publicationProblems(
      { platform: target.platform, title: target.title, caption: target.caption, aspect },
      { durationSeconds: rule?.durationSeconds ?? video.duration ?? 0, bytes: video.size ?? 0 },
    )) {
      errors.push({ path: at(problem.field), message: problem.message });
    }
    return { target, aspect, link };
  });
  const first = errors[0];
  if (first) throw badRequest(first.message, errors);
  return transaction(db, async (tx) => {
    const rows: PublicationRow[] = [];
    for (const { target, aspect, link } of planned) {
      if (!link) continue;
      const [row] = await tx
        .insert(publications)
        .values({
          accountId: video.accountId,
          videoId: video.id,
          userId: order.userId,
          linkId: link.id,
          platform: target.platform,
          accountName: link.accountName,
          targetName: link.targetName,
          aspect,
          title: target.title,
          caption: target.caption,
          thumbnailSeconds: body.thumbnailSeconds ?? null,
          scheduledAt: when,
          state: rule?.mode === 'approval' ? 'approval' : when && when.getTime() > Date.now() ? 'scheduled' : 'queued',
          idempotencyKey: randomUUID(),
          queuedAt: rule?.mode === 'approval' ? null : new Date(),
          ...(rule ? { ruleId: rule.id, markerAt: rule.markerAt, clipMadeAt: rule.clipMadeAt } : {}),
        })
        .onConflictDoNothing()
        .returning();
      // A rule told twice of its clip (a sweep after a restart) publishes it once per platform.
      if (!row) {
        if (rule) continue;
        throw new Error('publication not saved');
      }
      publicationChanged(tx, row);
      if (row.state !== 'approval') await enqueuePublish(tx, row, when ?? undefined, order.requestId);
      await writeAudit(tx, order.audit, {
        accountId: video.accountId,
        resource: PUBLICATIONS_RESOURCE,
        resourceId: row.id,
        action: 'share',
        changes: { platform: { before: null, after: row.platform }, video: { before: null, after: video.id } },
      });
      rows.push(row);
    }
    return rows;
  });
}
