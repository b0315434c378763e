import type { EmbedUnavailableReason } from '@regie/contract/embed';
import { EMBED_IFRAME_SIZE, EMBED_MESSAGES, embedPaths } from '@regie/contract/embed';
import type { EmbedPlaybackResponse, EmbedPlayerResponse, EmbedSnippetResponse } from '@regie/contract/embed.schemas';
import type { GeoPolicy } from '@regie/contract/geo';
import type { Language } from '@regie/contract/languages';
import { and, eq } from 'drizzle-orm';
import { pageAds } from '../ads/advertising.embed.ts';
import type { Db } from '../db/database.ts';
import { plays } from '../db/plays.table.ts';
import { videos } from '../db/videos.table.ts';
import { contentGeoPolicy } from '../geo/geo.policy.ts';
import { notFound } from '../http/http.errors.ts';
import type { ContentRef } from '../live/program.ts';
import { replayPreparation } from '../live/replay.progress.ts';
import { accessOf, type ContentAccess, contentAccess } from '../playback/viewer-access.ts';
import { renditionsOf } from '../vertical/renditions.service.ts';
import { downloadWanted } from '../videos/videos.download.ts';
import { liveOrigin } from './embed.live.ts';
import { matchOf } from './embed.match.ts';
import { EMBED_SOURCES, type EmbedContent } from './embed.sources.ts';
import type { EmbedTarget, EmbedTokens } from './embed.tokens.ts';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML (an attribute's value or an element's text). */
export function escapeHtml(text: string): string {
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

/**
 * What the embed needs beyond the database: the signed URLs of a video's media and of a program's
 * playlist, for everyone or (with a scope: a viewer's country) for one viewer.
 */
export interface EmbedMedia {
  /** Signs a video's media key into a playable URL (the videos' own signer). */
  mediaUrl: (key: string, scope?: string) => string;
  /** The signed DVR playlist of a content's program (live/program.media.ts). */
  programUrl: (accountId: number, content: ContentRef, scope?: string) => string;
}

/**
 * A page's data as every viewer gets it, with what a viewer must pass to get it (GEO_BLOCKING:
 * null when nobody is refused) and, for a content that plays, how to sign its media for one
 * viewer (the `perViewer` pages' GET embed/{token}/playback).
 */
export interface EmbedView {
  response: EmbedPlayerResponse;
  geo: GeoPolicy | null;
  /** Fans only or paid (RESTRAINED_ACCESS, PAYMENT_RESTRICTION): null when anyone may watch. */
  access: ContentAccess | null;
  playback: ((scope?: string) => EmbedPlaybackResponse) | null;
}

interface ReplayVideo {
  state: string;
  hlsKey: string | null;
  posterKey: string | null;
  duration: number | null;
  downloadable: boolean;
  downloadKey: string | null;
}

async function replayVideo(db: Db, accountId: number, videoId: number | null): Promise<ReplayVideo | null> {
  if (videoId === null) return null;
  const [video] = await db
    .select({
      state: videos.state,
      hlsKey: videos.hlsKey,
      posterKey: videos.posterKey,
      duration: videos.duration,
      downloadable: videos.downloadable,
      downloadKey: videos.downloadKey,
    })
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

/** The page's data for everyone: no geo rule, no per-viewer media. */
const open = (response: EmbedPlayerResponse): EmbedView => ({ response, geo: null, access: null, playback: null });

/**
 * What the public page shows: the content's state (contract EMBED_STATES), viewer-facing fields
 * only, the media URLs signed. Unknown (or another account's) → not_found; unpublished → its
 * reason and nothing else; then the embed switch; then upcoming, a data-only match once it kicked
 * off (NO_VIDEO: its score, clock and timeline, whatever its video), live (no_camera while nothing
 * is on air), and the replay: playing, being prepared, or none. Where geo blocking refuses
 * somebody (`geo`), or the content is for fans or paid (`access`), a page that plays gives no URL
 * (`perViewer`): each viewer's are signed apart.
 */
export async function playerView(
  db: Db,
  target: EmbedTarget,
  media: EmbedMedia,
  language?: Language,
): Promise<EmbedView> {
  const source = EMBED_SOURCES[target.kind];
  const content = await source.content(db, target.accountId, target.id, language);
  if (!content) return open(unavailable('not_found'));
  if (!content.published) return open(unavailable('not_published'));
  if (!content.embedOn) return open(unavailable('embed_off'));
  const playing = { state: content.state, videoId: content.videoId, fansOnly: content.fansOnly };
  const [geo, access] = await Promise.all([
    contentGeoPolicy(db, target.accountId, target, playing),
    contentAccess(db, target.accountId, target, playing),
  ]);
  const view = await playingView(db, target, media, content, { perViewer: geo !== null || access !== null, access });
  return { ...view, geo, access };
}

/** Who may watch, as the page's data says it. */
interface Restriction {
  perViewer: boolean;
  access: ContentAccess | null;
}

/** The page's data once fans may see the content: its state, and its media for one viewer where `perViewer`. */
async function playingView(
  db: Db,
  target: EmbedTarget,
  media: EmbedMedia,
  content: EmbedContent,
  { perViewer, access: restricted }: Restriction,
): Promise<Omit<EmbedView, 'geo' | 'access'>> {
  const source = EMBED_SOURCES[target.kind];
  const access = accessOf(restricted);
  const { title } = content;
  const video = content.state === 'live' ? null : await replayVideo(db, target.accountId, content.videoId);
  const posterUrl = content.posterUrl ?? (video?.posterKey ? media.mediaUrl(video.posterKey) : null);
  if (content.state === 'upcoming') {
    const startsAt = content.startsAt?.toISOString() ?? null;
    return { response: { state: 'upcoming', available: false, title, posterUrl, startsAt, access }, playback: null };
  }
  if (content.dataOnly) {
    const match = await matchOf(db, target.accountId, content.dataOnly, content.state === 'replay');
    return { response: { state: 'match', available: false, title, posterUrl, match }, playback: null };
  }
  if (content.state === 'live') {
    const ref = { kind: target.kind, id: target.id };
    const origin = await liveOrigin(db, ref);
    if (!origin) return { response: unavailable('no_camera', title), playback: null };
    const playback = (scope?: string) => ({
      hlsUrl: media.programUrl(target.accountId, ref, scope),
      renditions: [],
      downloadUrl: null,
    });
    return {
      response: {
        state: 'live',
        available: true,
        title,
        posterUrl,
        hlsUrl: perViewer ? null : playback().hlsUrl,
        perViewer,
        access,
        ads: await pageAds(db, target),
        liveOrigin: origin.toISOString(),
        chapters: await source.chapters(db, target.accountId, target.id),
      },
      playback,
    };
  }
  if (video?.state === 'ready' && video.hlsKey) {
    const { hlsKey } = video;
    const rows = content.videoId === null ? [] : await playableRenditions(db, content.videoId);
    const download =
      video.downloadKey && (await downloadWanted(db, { accountId: target.accountId, downloadable: video.downloadable }))
        ? video.downloadKey
        : null;
    const playback = (scope?: string) => ({
      hlsUrl: media.mediaUrl(hlsKey, scope),
      renditions: rows.map(({ hlsKey: key, ...rendition }) => ({ ...rendition, hlsUrl: media.mediaUrl(key, scope) })),
      downloadUrl: download && media.mediaUrl(download, scope),
    });
    const everyone = perViewer ? { hlsUrl: null, renditions: [], downloadUrl: null } : playback();
    return {
      response: {
        state: 'replay',
        available: true,
        title,
        posterUrl,
        hlsUrl: everyone.hlsUrl,
        perViewer,
        access,
        ads: await pageAds(db, target),
        durationSeconds: video.duration,
        chapters: await source.chapters(db, target.accountId, target.id),
        renditions: everyone.renditions,
        downloadUrl: everyone.downloadUrl,
      },
      playback,
    };
  }
  if (video && content.videoId !== null && PREPARING_VIDEO_STATES.includes(video.state)) {
    const preparation = await replayPreparation(db, { accountId: target.accountId, id: content.videoId });
    return { response: { state: 'preparing', available: false, title, posterUrl, ...preparation }, playback: null };
  }
  return { response: unavailable('no_replay', title), playback: null };
}

/** The replay's renditions in other aspects that play (one rendered at least), with their media keys. */
async function playableRenditions(db: Db, videoId: number) {
  const rows = await renditionsOf(db, videoId);
  return rows.flatMap((row) =>
    row.generation > 0 && row.hlsKey && row.width && row.height
      ? [{ aspect: row.aspect, hlsKey: row.hlsKey, width: row.width, height: row.height }]
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
