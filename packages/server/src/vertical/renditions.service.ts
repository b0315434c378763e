import type { Message } from '@regie/contract/messages';
import {
  ASPECT_SLUGS,
  ASPECTS,
  type Aspect,
  aspectOfSize,
  cropWindow,
  RENDITION_JOB_TYPE,
  type ReframeKeyframe,
  type ReframeResponse,
  type Rendition,
  VERTICAL_MESSAGES,
} from '@regie/contract/vertical';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type VideoRenditionRow, videoRenditions } from '../db/video-renditions.table.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { localize, type MessageLanguage } from '../http/localize.ts';
import { videoFolder } from '../videos/videos.keys.ts';
import { activeJobs } from '../videos/videos.service.ts';

/**
 * A video's renditions in other aspects (contract vertical.ts): their rows, the path each
 * follows, and how they are presented. The render itself is rendition.job.ts.
 */

/** A video's own aspect, when it is one of ASPECTS (within 2 %): that rendition is the video itself. */
export function sourceAspectOf(video: Pick<VideoRow, 'width' | 'height'>): Aspect | null {
  return aspectOfSize(video.width, video.height);
}

/** Every render of one aspect of the video. */
export function aspectFolder(video: Pick<VideoRow, 'accountId' | 'id'>, aspect: Aspect): string {
  return `${videoFolder(video.accountId, video.id)}renditions/${ASPECT_SLUGS[aspect]}/`;
}

/** Where one render's files go: one folder per render, so the one served stays until the next is ready. */
export function renditionFolder(video: Pick<VideoRow, 'accountId' | 'id'>, aspect: Aspect, generation: number): string {
  return `${aspectFolder(video, aspect)}${generation}/`;
}

export async function findRendition(db: Db, videoId: number, aspect: Aspect): Promise<VideoRenditionRow | null> {
  const [row] = await db
    .select()
    .from(videoRenditions)
    .where(and(eq(videoRenditions.videoId, videoId), eq(videoRenditions.aspect, aspect)));
  return row ?? null;
}

export async function findRenditionById(db: Db, id: number): Promise<VideoRenditionRow | null> {
  const [row] = await db.select().from(videoRenditions).where(eq(videoRenditions.id, id));
  return row ?? null;
}

export function renditionsOf(db: Db, videoId: number): Promise<VideoRenditionRow[]> {
  return db.select().from(videoRenditions).where(eq(videoRenditions.videoId, videoId));
}

/**
 * A new render asked for: the row (made on the first ask) is queued with the next generation,
 * under a row lock so two asks at once get two numbers. Answers the row and that generation.
 */
export async function requestRender(
  db: Db,
  video: Pick<VideoRow, 'accountId' | 'id'>,
  aspect: Aspect,
): Promise<{ row: VideoRenditionRow; generation: number }> {
  const [row] = await db
    .insert(videoRenditions)
    .values({ accountId: video.accountId, videoId: video.id, aspect, state: 'queued', requested: 1 })
    .onConflictDoUpdate({
      target: [videoRenditions.videoId, videoRenditions.aspect],
      set: {
        state: 'queued',
        requested: sql`${videoRenditions.requested} + 1`,
        failureReason: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error(`rendition ${aspect} of video ${video.id} not written`);
  return { row, generation: row.requested };
}

/** The render of `generation` started (unless a newer one was asked for meanwhile). */
export async function markRendering(db: Db, id: number, generation: number): Promise<boolean> {
  const rows = await db
    .update(videoRenditions)
    .set({ state: 'rendering', updatedAt: sql`now()` })
    .where(and(eq(videoRenditions.id, id), eq(videoRenditions.requested, generation)))
    .returning({ id: videoRenditions.id });
  return rows.length > 0;
}

export async function saveAutoPath(db: Db, id: number, keyframes: ReframeKeyframe[]): Promise<void> {
  await db
    .update(videoRenditions)
    .set({ autoPath: keyframes, updatedAt: sql`now()` })
    .where(eq(videoRenditions.id, id));
}

/**
 * The render of `generation` is stored: it is served from now on, unless a newer render is
 * served already (renders may end out of order). Answers the generation it replaced (to purge), or
 * null when nothing changed.
 */
export async function markReady(
  db: Db,
  id: number,
  rendered: {
    generation: number;
    hlsKey: string;
    mp4Key: string;
    posterKey: string;
    width: number;
    height: number;
    path: 'auto' | 'edited';
  },
): Promise<{ replaced: number } | null> {
  const [before] = await db
    .select({ generation: videoRenditions.generation })
    .from(videoRenditions)
    .where(eq(videoRenditions.id, id))
    .for('update');
  if (!before || before.generation >= rendered.generation) return null;
  await db
    .update(videoRenditions)
    .set({
      // Still the last asked for: ready; a newer one is queued or rendering and keeps its state.
      state: sql`case when ${videoRenditions.requested} = ${rendered.generation} then 'ready' else ${videoRenditions.state} end`,
      generation: rendered.generation,
      hlsKey: rendered.hlsKey,
      mp4Key: rendered.mp4Key,
      posterKey: rendered.posterKey,
      width: rendered.width,
      height: rendered.height,
      renderedPath: rendered.path,
      renderedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(videoRenditions.id, id));
  return { replaced: before.generation };
}

/** The last render asked for failed (or was cancelled): the one served, if any, plays on. */
export async function markFailed(db: Db, id: number, generation: number, reason: Message): Promise<void> {
  await db
    .update(videoRenditions)
    .set({ state: 'failed', failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(videoRenditions.id, id), eq(videoRenditions.requested, generation)));
}

/** Progress of the renders under way, by rendition id (the latest job of each). */
async function progressOf(db: Db, video: Pick<VideoRow, 'accountId' | 'id'>): Promise<Map<number, number>> {
  const running = await activeJobs(db, video, RENDITION_JOB_TYPE);
  const progress = new Map<number, number>();
  for (const job of running) {
    const id = (job.payload as { renditionId?: unknown }).renditionId;
    if (typeof id === 'number' && !progress.has(id)) progress.set(id, job.progress);
  }
  return progress;
}

export interface PresentRendition {
  mediaUrl(key: string): string;
  language: MessageLanguage;
}

/** Every aspect of a video: the source's own, those rendered or asked for, and the others (`none`). */
export async function presentRenditions(db: Db, video: VideoRow, context: PresentRendition): Promise<Rendition[]> {
  const rows = await renditionsOf(db, video.id);
  const progress = rows.some((row) => row.state === 'queued' || row.state === 'rendering')
    ? await progressOf(db, video)
    : new Map<number, number>();
  const own = sourceAspectOf(video);
  return ASPECTS.map((aspect) => {
    if (aspect === own) return sourceRendition(video, aspect, context);
    const row = rows.find((candidate) => candidate.aspect === aspect);
    return row ? presentRendition(row, context, progress.get(row.id) ?? 0) : noRendition(aspect);
  });
}

function noRendition(aspect: Aspect): Rendition {
  return {
    aspect,
    state: 'none',
    progress: null,
    source: false,
    width: null,
    height: null,
    hlsUrl: null,
    mp4Url: null,
    posterUrl: null,
    reframe: null,
    error: null,
    renderedAt: null,
  };
}

function sourceRendition(video: VideoRow, aspect: Aspect, context: PresentRendition): Rendition {
  const ready = video.state === 'ready' && video.hlsKey;
  return {
    ...noRendition(aspect),
    state: ready ? 'ready' : 'none',
    source: true,
    width: video.width,
    height: video.height,
    hlsUrl: ready && video.hlsKey ? context.mediaUrl(video.hlsKey) : null,
    posterUrl: ready && video.posterKey ? context.mediaUrl(video.posterKey) : null,
  };
}

export function presentRendition(row: VideoRenditionRow, context: PresentRendition, progress: number): Rendition {
  const served = row.generation > 0;
  const running = row.state === 'queued' || row.state === 'rendering';
  return {
    aspect: row.aspect,
    state: row.state,
    progress: running ? progress : null,
    source: false,
    width: served ? row.width : null,
    height: served ? row.height : null,
    hlsUrl: served && row.hlsKey ? context.mediaUrl(row.hlsKey) : null,
    mp4Url: served && row.mp4Key ? context.mediaUrl(row.mp4Key) : null,
    posterUrl: served && row.posterKey ? context.mediaUrl(row.posterKey) : null,
    reframe: served ? (row.renderedPath ?? 'auto') : null,
    error: row.state === 'failed' && row.failureReason ? localize(row.failureReason, context.language) : null,
    renderedAt: row.renderedAt ? row.renderedAt.toISOString() : null,
  };
}

/** The path a rendition follows: the editor's, else the automatic one (null: not analysed yet). */
export function pathOf(row: Pick<VideoRenditionRow, 'editedPath' | 'autoPath'>): {
  keyframes: ReframeKeyframe[];
  source: 'auto' | 'edited';
} | null {
  if (row.editedPath) return { keyframes: row.editedPath, source: 'edited' };
  if (row.autoPath) return { keyframes: row.autoPath, source: 'auto' };
  return null;
}

export function presentPath(
  row: VideoRenditionRow,
  video: Pick<VideoRow, 'width' | 'height' | 'duration'>,
): ReframeResponse | null {
  const path = pathOf(row);
  if (!path || !video.width || !video.height) return null;
  return {
    aspect: row.aspect,
    keyframes: path.keyframes,
    source: path.source,
    windowWidth: cropWindow(row.aspect, video.width, video.height).width,
    sourceWidth: video.width,
    sourceHeight: video.height,
    duration: video.duration ?? 0,
  };
}

/**
 * The editor's keyframes as stored: in time order, the first at 0, none past the video's end
 * (refused with the keyframe named), times and places rounded to what a frame can show.
 */
export function checkedKeyframes(keyframes: readonly ReframeKeyframe[], duration: number | null): ReframeKeyframe[] {
  const first = keyframes[0];
  if (!first || first.time !== 0) {
    throw badRequest(VERTICAL_MESSAGES.firstKeyframe, [
      { path: 'keyframes.0.time', message: VERTICAL_MESSAGES.firstKeyframe },
    ]);
  }
  keyframes.forEach((keyframe, index) => {
    const previous = keyframes[index - 1];
    if (previous && keyframe.time <= previous.time) {
      throw badRequest(VERTICAL_MESSAGES.keyframesOrder, [
        { path: `keyframes.${index}.time`, message: VERTICAL_MESSAGES.keyframesOrder },
      ]);
    }
    if (duration !== null && keyframe.time > duration + 0.001) {
      const message = VERTICAL_MESSAGES.keyframeAfterEnd(keyframe.time, Math.round(duration * 100) / 100);
      throw badRequest(message, [{ path: `keyframes.${index}.time`, message }]);
    }
  });
  return keyframes.map((keyframe) => ({
    time: Math.round(keyframe.time * 1000) / 1000,
    x: Math.round(keyframe.x * 10_000) / 10_000,
    cut: keyframe.cut,
  }));
}

/**
 * The editor's path replaced (null: back to the automatic one), on a rendition rendered or asked
 * for at least once (an edit starts from its automatic path). Answers the row, or null when none.
 */
export async function setEditedPath(
  db: Db,
  videoId: number,
  aspect: Aspect,
  keyframes: ReframeKeyframe[] | null,
): Promise<VideoRenditionRow | null> {
  const [row] = await db
    .update(videoRenditions)
    .set({ editedPath: keyframes, updatedAt: sql`now()` })
    .where(and(eq(videoRenditions.videoId, videoId), eq(videoRenditions.aspect, aspect)))
    .returning();
  return row ?? null;
}

export async function deleteRendition(db: Db, id: number): Promise<void> {
  await db.delete(videoRenditions).where(eq(videoRenditions.id, id));
}
