import type { EmbedUnavailableReason } from '@regie/contract/embed';
import { EMBED_IFRAME_SIZE, EMBED_MESSAGES, embedPaths } from '@regie/contract/embed';
import type { EmbedPlayerResponse, EmbedRendition, EmbedSnippetResponse } from '@regie/contract/embed.schemas';
import type { Language } from '@regie/contract/languages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { plays } from '../db/plays.table.ts';
import { videos } from '../db/videos.table.ts';
import { notFound } from '../http/http.errors.ts';
import type { ContentRef } from '../live/program.ts';
import { replayPreparation } from '../live/replay.progress.ts';
import { renditionsOf } from '../vertical/renditions.service.ts';
import { liveOrigin } from './embed.live.ts';
import { EMBED_SOURCES } from './embed.sources.ts';
import type { EmbedTarget, EmbedTokens } from './embed.tokens.ts';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** The public page's address and the iframe to paste in a site. */
export function embedSnippet(
  tokens: EmbedTokens,
  origin: string,
  target: EmbedTarget,
  title: string,
): EmbedSnippetResponse {
  const url = `${origin}${embedPaths.page(target.kind, tokens.sign(target))}`;
  const { width, height } = EMBED_IFRAME_SIZE;
  const iframe =
    `<iframe src="${escapeHtml(url)}" width="${width}" height="${height}" title="${escapeHtml(title)}" ` +
    'style="border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>';
  return { url, iframe };
}

/** The target of a token, or 404 (the same answer for a forged token and a deleted content). */
export function targetOf(tokens: EmbedTokens, token: string): EmbedTarget {
  const target = tokens.verify(token);
  if (!target) throw notFound(EMBED_MESSAGES.notFound);
  return target;
}

/** What the embed needs beyond the database: the signed URLs of a video's media and of a program's playlist. */
export interface EmbedMedia {
  /** Signs a video's media key into a playable URL (the videos' own signer). */
  mediaUrl: (key: string) => string;
  /** The signed DVR playlist of a content's program (live/program.media.ts). */
  programUrl: (accountId: number, content: ContentRef) => string;
}

interface ReplayVideo {
  state: string;
  hlsKey: string | null;
  posterKey: string | null;
  duration: number | null;
}

async function replayVideo(db: Db, accountId: number, videoId: number | null): Promise<ReplayVideo | null> {
  if (videoId === null) return null;
  const [video] = await db
    .select({ state: videos.state, hlsKey: videos.hlsKey, posterKey: videos.posterKey, duration: videos.duration })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.accountId, accountId)))
    .limit(1);
  return video ?? null;
}

const unavailable = (reason: EmbedUnavailableReason, title: string | null = null): EmbedPlayerResponse => ({
  state: 'unavailable',
  available: false,
  reason,
  title,
});

/** A video that will play once its jobs are done (made by the end of a live, or uploaded). */
const PREPARING_VIDEO_STATES: readonly string[] = ['uploading', 'uploaded', 'processing'];

/**
 * What the public page shows: the content's state (contract EMBED_STATES), viewer-facing fields
 * only, the media URLs signed. Unknown (or another account's) → not_found; unpublished → its
 * reason and nothing else; then the embed switch; then upcoming, live (no_camera while nothing
 * is on air), and the replay: playing, being prepared, or none.
 */
export async function playerData(
  db: Db,
  target: EmbedTarget,
  media: EmbedMedia,
  language?: Language,
): Promise<EmbedPlayerResponse> {
  const source = EMBED_SOURCES[target.kind];
  const content = await source.content(db, target.accountId, target.id, language);
  if (!content) return unavailable('not_found');
  if (!content.published) return unavailable('not_published');
  if (!content.embedOn) return unavailable('embed_off');
  const { title } = content;
  const video = content.state === 'live' ? null : await replayVideo(db, target.accountId, content.videoId);
  const posterUrl = content.posterUrl ?? (video?.posterKey ? media.mediaUrl(video.posterKey) : null);
  if (content.state === 'upcoming') {
    return { state: 'upcoming', available: false, title, posterUrl, startsAt: content.startsAt?.toISOString() ?? null };
  }
  if (content.state === 'live') {
    const ref = { kind: target.kind, id: target.id };
    const origin = await liveOrigin(db, ref);
    if (!origin) return unavailable('no_camera', title);
    return {
      state: 'live',
      available: true,
      title,
      posterUrl,
      hlsUrl: media.programUrl(target.accountId, ref),
      liveOrigin: origin.toISOString(),
      chapters: await source.chapters(db, target.accountId, target.id),
    };
  }
  if (video?.state === 'ready' && video.hlsKey) {
    return {
      state: 'replay',
      available: true,
      title,
      posterUrl,
      hlsUrl: media.mediaUrl(video.hlsKey),
      durationSeconds: video.duration,
      chapters: await source.chapters(db, target.accountId, target.id),
      renditions: content.videoId === null ? [] : await playableRenditions(db, content.videoId, media),
    };
  }
  if (video && content.videoId !== null && PREPARING_VIDEO_STATES.includes(video.state)) {
    const preparation = await replayPreparation(db, { accountId: target.accountId, id: content.videoId });
    return { state: 'preparing', available: false, title, posterUrl, ...preparation };
  }
  return unavailable('no_replay', title);
}

/** The replay's renditions in other aspects that play (one rendered at least), each's media signed. */
async function playableRenditions(db: Db, videoId: number, media: EmbedMedia): Promise<EmbedRendition[]> {
  const rows = await renditionsOf(db, videoId);
  return rows.flatMap((row) =>
    row.generation > 0 && row.hlsKey && row.width && row.height
      ? [{ aspect: row.aspect, hlsUrl: media.mediaUrl(row.hlsKey), width: row.width, height: row.height }]
      : [],
  );
}

/**
 * Records one play of a page view's replay; false when that view already counted or no replay
 * plays (a live or an upcoming content counts none: a play is of a video, and the live's is the replay to come).
 */
export async function recordPlay(db: Db, target: EmbedTarget, viewId: string): Promise<boolean> {
  const content = await EMBED_SOURCES[target.kind].content(db, target.accountId, target.id);
  if (!content?.published || !content.embedOn || content.state !== 'replay' || content.videoId === null) return false;
  const video = await replayVideo(db, target.accountId, content.videoId);
  if (!(video?.state === 'ready' && video.hlsKey)) return false;
  const inserted = await db
    .insert(plays)
    .values({
      accountId: target.accountId,
      videoId: content.videoId,
      eventId: content.eventId ?? null,
      viewId,
    })
    .onConflictDoNothing({ target: plays.viewId })
    .returning({ id: plays.id });
  return inserted.length > 0;
}
