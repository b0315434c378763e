import { LIVE_CONVERT_MESSAGES } from '@regie/contract/live.convert';
import type { Message } from '@regie/contract/messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { liveConversions, liveInputs } from '../db/live.table.ts';
import { videos } from '../db/videos.table.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { hlsFolder, hlsMasterKey } from '../videos/videos.keys.ts';

/**
 * What a conversion plays and where (convert.engine.ts): the video's best HLS rendition, read from
 * this machine's storage or through the media route, and the ingest URL of its input's key.
 */

/** Where ffmpeg reads a video's files when the storage has no local path (the media route, signed). */
export type MediaUrl = (key: string, video: { accountId: number; id: number }) => string | null;

/** The best (highest bandwidth) variant playlist named by an HLS master playlist. */
export function bestVariant(master: string): string | null {
  let best: { uri: string; bandwidth: number } | null = null;
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    const match = /^#EXT-X-STREAM-INF:.*?\bBANDWIDTH=(\d+)/.exec(line);
    const uri = lines.slice(index + 1).find((next) => next !== '' && !next.startsWith('#'));
    if (!match || !uri) continue;
    const bandwidth = Number(match[1]);
    if (!best || bandwidth > best.bandwidth) best = { uri, bandwidth };
  }
  return best?.uri ?? null;
}

/** Where ffmpeg reads a video's best rendition: its file on this machine, else its storage URL. */
export async function renditionSource(
  storage: ObjectStorage,
  video: { accountId: number; id: number },
  mediaUrl?: MediaUrl,
): Promise<string | null> {
  const master = await storage.get(hlsMasterKey(video.accountId, video.id));
  if (!master) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of master.body) chunks.push(Buffer.from(chunk));
  const variant = bestVariant(Buffer.concat(chunks).toString('utf8'));
  if (!variant || variant.includes('..') || /^[a-z]+:/i.test(variant)) return null;
  const key = `${hlsFolder(video.accountId, video.id)}${variant}`;
  // storage.url() is where a browser fetches an image: not a video's files, and often relative.
  return storage.localPath(key) ?? mediaUrl?.(key, video) ?? null;
}

/**
 * The conversion's ends, read at each start (a rotated key is followed): where its ffmpeg reads
 * and where it publishes; a Message when it cannot go on (its input or video gone, no ingest).
 */
export async function conversionEnds(
  db: Db,
  conversionId: number,
  options: { storage: ObjectStorage; publishUrl: (streamKey: string) => string | null; mediaUrl?: MediaUrl },
): Promise<{ from: string; destination: string } | Message> {
  const [found] = await db
    .select({ streamKey: liveInputs.streamKey, video: videos })
    .from(liveConversions)
    .innerJoin(liveInputs, eq(liveInputs.id, liveConversions.inputId))
    .innerJoin(videos, eq(videos.id, liveConversions.videoId))
    .where(eq(liveConversions.id, conversionId));
  if (!found) return LIVE_CONVERT_MESSAGES.inputGone;
  const destination = options.publishUrl(found.streamKey);
  if (!destination) return LIVE_CONVERT_MESSAGES.ingestUnavailable;
  const from = await renditionSource(options.storage, found.video, options.mediaUrl);
  return from ? { from, destination } : LIVE_CONVERT_MESSAGES.videoNotReady(found.video.id);
}
