import { EMBED_IFRAME_SIZE, EMBED_MESSAGES, embedPaths } from '@regie/contract/embed';
import type { EmbedPlayerResponse, EmbedSnippetResponse } from '@regie/contract/embed.schemas';
import type { Language } from '@regie/contract/languages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { plays } from '../db/plays.table.ts';
import { videos } from '../db/videos.table.ts';
import { notFound } from '../http/http.errors.ts';
import { EMBED_SOURCES, type EmbedContent } from './embed.sources.ts';
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

interface Playable {
  content: EmbedContent;
  hlsKey: string;
  posterKey: string | null;
  duration: number | null;
}

/** The content behind a target with its playable video, or null when it cannot be shown now. */
async function playable(db: Db, target: EmbedTarget, language?: Language): Promise<Playable | null> {
  const content = await EMBED_SOURCES[target.kind](db, target.accountId, target.id, language);
  if (!content) return null;
  const [video] = await db
    .select({ state: videos.state, hlsKey: videos.hlsKey, posterKey: videos.posterKey, duration: videos.duration })
    .from(videos)
    .where(and(eq(videos.id, content.videoId), eq(videos.accountId, target.accountId)))
    .limit(1);
  if (!video?.hlsKey || video.state !== 'ready') return null;
  return { content, hlsKey: video.hlsKey, posterKey: video.posterKey, duration: video.duration };
}

/** What the public page shows: viewer-facing fields only, the media URLs signed. */
export async function playerData(
  db: Db,
  target: EmbedTarget,
  mediaUrl: (key: string) => string,
  language?: Language,
): Promise<EmbedPlayerResponse> {
  const found = await playable(db, target, language);
  if (!found) return { available: false };
  const { content } = found;
  const videoPoster = found.posterKey ? mediaUrl(found.posterKey) : null;
  return {
    available: true,
    title: content.title,
    posterUrl: content.posterUrl ?? videoPoster,
    hlsUrl: mediaUrl(found.hlsKey),
    durationSeconds: found.duration,
    chapters: content.chapters,
  };
}

/** Records one play of a page view; false when that view already counted or nothing can play. */
export async function recordPlay(db: Db, target: EmbedTarget, viewId: string): Promise<boolean> {
  const found = await playable(db, target);
  if (!found) return false;
  const inserted = await db
    .insert(plays)
    .values({
      accountId: target.accountId,
      videoId: found.content.videoId,
      eventId: found.content.eventId ?? null,
      viewId,
    })
    .onConflictDoNothing({ target: plays.viewId })
    .returning({ id: plays.id });
  return inserted.length > 0;
}
