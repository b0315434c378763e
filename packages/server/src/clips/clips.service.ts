import { CLIP_MAX_SECONDS, CLIP_MESSAGES, CLIP_TEMPLATE_SECONDS } from '@regie/contract/clips';
import type { JobResponse } from '@regie/contract/jobs.schemas';
import { VIDEO_RESOURCE_TYPE, VIDEO_TITLE_MAX } from '@regie/contract/videos';
import { type PresentedVideo, videoRecord } from '@regie/contract/videos.schemas';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { clipSkins } from '../db/clip-skins.table.ts';
import { clipTemplates } from '../db/clip-templates.table.ts';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import { type VideoRow, videos } from '../db/videos.table.ts';
import { assertClipGraphics, linkClipGraphics } from '../graphics/graphics.clips.ts';
import { badRequest, HttpError } from '../http/http.errors.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import { visibleRows } from '../resources/resources.access.ts';
import { presentOne, presentRows } from '../resources/resources.service.ts';
import type { Engine, ResourceEntry, Viewer } from '../resources/resources.types.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import { clipVideoJob } from './clip.job.ts';

/** Two times closer than this are the same instant (a player's currentTime, ffprobe's microseconds). */
const DURATION_TOLERANCE_SECONDS = 0.001;

export type ClipTemplateRow = typeof clipTemplates.$inferSelect;

export interface ClipRequest {
  inSeconds: number;
  outSeconds: number;
  title?: string | undefined;
  clipSkinId?: number | null | undefined;
  clipTemplateId?: number | null | undefined;
  /** Marker clips: where the clip was made from. */
  markerId?: number | null;
  eventId?: number | null;
  /** Graphics burnt in (of the account; of `eventId` when set). */
  graphicIds?: readonly number[] | undefined;
  /** Published at once (a clip rule's choice); default not. */
  published?: boolean | undefined;
}

/** Who a clip video belongs to: the requester, or nobody (a clip rule's clip is the account's). */
export interface ClipOwner {
  user: { id: number } | null;
}

/** "<title> – clip", shortened to fit a video title. */
export function defaultClipTitle(sourceTitle: string, suffix = 'clip'): string {
  const tail = ` – ${suffix}`;
  const room = VIDEO_TITLE_MAX - tail.length;
  const head = sourceTitle.length > room ? `${sourceTitle.slice(0, room - 1).trimEnd()}…` : sourceTitle;
  return `${head}${tail}`;
}

/** A template of the account, or 400 naming the field. */
export async function findTemplate(db: Db, accountId: number, id: number): Promise<ClipTemplateRow> {
  const [template] = await db
    .select()
    .from(clipTemplates)
    .where(and(eq(clipTemplates.id, id), eq(clipTemplates.accountId, accountId)))
    .limit(1);
  if (!template) {
    const message = CLIP_MESSAGES.templateNotFound(id);
    throw badRequest(message, [{ path: 'clipTemplateId', message }]);
  }
  return template;
}

/** The account's default template, if it has one. */
export async function defaultTemplate(db: Db, accountId: number): Promise<ClipTemplateRow | null> {
  const [template] = await db
    .select()
    .from(clipTemplates)
    .where(and(eq(clipTemplates.accountId, accountId), eq(clipTemplates.isDefault, true)))
    .limit(1);
  return template ?? null;
}

/** Seconds kept before and after a marker: the template's, else the contract's defaults. */
export function templateSeconds(template: ClipTemplateRow | null): { before: number; after: number } {
  return template
    ? { before: template.secondsBefore, after: template.secondsAfter }
    : { before: CLIP_TEMPLATE_SECONDS.defaultBefore, after: CLIP_TEMPLATE_SECONDS.defaultAfter };
}

async function assertSkin(db: Db, accountId: number, id: number): Promise<void> {
  const [skin] = await db
    .select({ id: clipSkins.id })
    .from(clipSkins)
    .where(and(eq(clipSkins.id, id), eq(clipSkins.accountId, accountId)))
    .limit(1);
  if (!skin) {
    const message = CLIP_MESSAGES.skinNotFound(id);
    throw badRequest(message, [{ path: 'clipSkinId', message }]);
  }
}

/** The range must lie within a ready source and be no longer than CLIP_MAX_SECONDS. */
function assertRange(source: VideoRow, request: ClipRequest): void {
  if (source.state !== 'ready' || source.duration === null) throw new HttpError(409, CLIP_MESSAGES.notReady);
  const { inSeconds, outSeconds } = request;
  if (!(outSeconds > inSeconds)) {
    throw badRequest(CLIP_MESSAGES.inNotBeforeOut, [{ path: 'outSeconds', message: CLIP_MESSAGES.inNotBeforeOut }]);
  }
  if (outSeconds > source.duration + DURATION_TOLERANCE_SECONDS) {
    const message = CLIP_MESSAGES.outBeyondDuration(source.duration);
    throw badRequest(message, [{ path: 'outSeconds', message }]);
  }
  if (outSeconds - inSeconds > CLIP_MAX_SECONDS) {
    throw badRequest(CLIP_MESSAGES.tooLong, [{ path: 'outSeconds', message: CLIP_MESSAGES.tooLong }]);
  }
}

/**
 * What dresses a clip, checked against the account: its template (given), its skin (the
 * request's, else the template's) and its graphics (of the account; of the event when set).
 */
export async function clipDressing(
  db: Db,
  accountId: number,
  request: Pick<ClipRequest, 'clipTemplateId' | 'clipSkinId' | 'graphicIds' | 'eventId'>,
): Promise<{ template: ClipTemplateRow | null; clipSkinId: number | null; graphicIds: readonly number[] }> {
  const template =
    typeof request.clipTemplateId === 'number' ? await findTemplate(db, accountId, request.clipTemplateId) : null;
  const clipSkinId = request.clipSkinId === undefined ? (template?.clipSkinId ?? null) : request.clipSkinId;
  if (typeof request.clipSkinId === 'number') await assertSkin(db, accountId, request.clipSkinId);
  const graphicIds = request.graphicIds ?? [];
  await assertClipGraphics(db, accountId, request.eventId ?? null, graphicIds);
  return { template, clipSkinId, graphicIds };
}

/**
 * Makes the clip video (same account as its source, owned by the requester, `processing`) and
 * queues its video.clip job, in one transaction. The skin is the request's, else its template's.
 */
export async function createClip(
  db: Db,
  auth: ClipOwner,
  source: VideoRow,
  request: ClipRequest,
): Promise<{ video: VideoRow; job: JobRow }> {
  assertRange(source, request);
  const { accountId } = source;
  const { template, clipSkinId, graphicIds } = await clipDressing(db, accountId, request);
  const inSeconds = Math.min(request.inSeconds, source.duration ?? request.inSeconds);
  const outSeconds = Math.min(request.outSeconds, source.duration ?? request.outSeconds);
  return transaction(db, async (tx) => {
    const [video] = await tx
      .insert(videos)
      .values({
        title: request.title ?? defaultClipTitle(source.title),
        sportId: source.sportId,
        state: 'processing',
        published: request.published ?? false,
        ownerId: auth.user?.id ?? null,
        accountId,
        sourceVideoId: source.id,
        clipInSeconds: inSeconds,
        clipOutSeconds: outSeconds,
        clipSkinId,
        clipTemplateId: template?.id ?? null,
        clipMarkerId: request.markerId ?? null,
        clipEventId: request.eventId ?? null,
      })
      .returning();
    if (!video) throw new Error('The clip video was not created');
    await linkClipGraphics(tx, video.id, graphicIds);
    const job = await enqueueJob(
      tx,
      clipVideoJob,
      { videoId: video.id },
      { accountId, resourceType: VIDEO_RESOURCE_TYPE, resourceId: video.id },
    );
    return { video, job };
  });
}

/** The clip response: the video as GET videos/{id} presents it, and the job as GET jobs/{id} does. */
export async function presentClip(
  engine: Engine,
  entry: ResourceEntry,
  created: { video: VideoRow; job: JobRow },
  viewer: Viewer,
): Promise<{ video: PresentedVideo; job: JobResponse }> {
  const video = videoRecord.parse(await presentOne(engine, entry, created.video, viewer));
  return { video, job: presentJob(created.job, viewer.language) };
}

/** Clip videos the request may see matching `where`, newest first (at most `limit`). */
export async function listClips(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  where: SQL,
  page: { limit: number; offset: number } = { limit: 200, offset: 0 },
): Promise<{ data: PresentedVideo[]; total: number }> {
  const condition = and(where, visibleRows(entry, auth));
  const [rows, totals] = await Promise.all([
    engine.db
      .select()
      .from(videos)
      .where(condition)
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(page.limit)
      .offset(page.offset),
    engine.db.select({ total: count() }).from(videos).where(condition),
  ]);
  const data = (await presentRows(engine, entry, rows, auth)).map((video) => videoRecord.parse(video));
  return { data, total: totals[0]?.total ?? 0 };
}
