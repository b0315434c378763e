import { randomBytes, randomInt } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SocialPlatform } from '@regie/contract/social';
import type { LocalState } from './state.ts';

/**
 * What the stand-ins' publishing calls keep, per plugin instance: uploads in progress and the
 * posts they became (in memory, each platform its own records), and the uploaded bytes, in a temp
 * folder `regie-local-social-<random>` made on the first upload and removed when the app closes.
 * Like the rest of the stand-ins, nothing survives the process; never a place for real videos.
 */

/** The most one upload may hold: bigger answers the platform's "too large" (413 or 400). */
export const PUBLISH_MAX_BYTES = 512 * 1024 * 1024;

/** The most thumbnails `PublishFaults.thumbnails` keeps (the oldest go first). */
const THUMBNAILS_KEPT = 100;

/** A thumbnail a platform was given for a post, as its stand-in took it. */
export interface ThumbnailRecord {
  platform: SocialPlatform;
  /** The id a client holds for the post (a publication's externalId; TikTok's publish_id). */
  postId: string;
  /** A frame of the video, by its time (Instagram's thumb_offset, TikTok's video_cover_timestamp_ms). */
  offsetMs?: number;
  /** A picture sent (YouTube's thumbnails.set, Facebook's thumb). */
  image?: { contentType: string; bytes: Buffer };
}

/**
 * What a test sets and reads of the publishing calls (never reachable over HTTP): the faults it
 * injects, and what the stand-ins took that their platforms' APIs do not answer back.
 */
export interface PublishFaults {
  /**
   * Platforms whose next N byte-carrying calls (a chunk, a segment, a file, a picture, Instagram's
   * fetch of video_url) fail: 503 in the platform's shape, answered before a byte of the body is read.
   */
  failNextChunk: Map<SocialPlatform, number>;
  /** The thumbnails the posts were given, oldest first (the last THUMBNAILS_KEPT). */
  thumbnails: ThumbnailRecord[];
}

export function createPublishFaults(): PublishFaults {
  return { failNextChunk: new Map(), thumbnails: [] };
}

/** What a platform's publishing routes are given. */
export interface PublishContext {
  state: LocalState;
  store: PublishStore;
  /** The platform's prefix (`/local-social/youtube`), for the URLs the answers give out. */
  prefix: string;
}

export interface PublishStore {
  faults: PublishFaults;
  /** Uses up one queued chunk fault of the platform: true when this call must fail. */
  takeChunkFault(platform: SocialPlatform): boolean;
  /** Keeps the thumbnail a post was given (a later one of the same post replaces it). */
  recordThumbnail(record: ThumbnailRecord): void;
  /** A new, empty file in the temp folder (made on first use). */
  newFile(name: string): Promise<string>;
  /** A platform's own records (its maps), made on first use. */
  records<T>(platform: SocialPlatform, make: () => T): T;
  /** A number that grows with every call: orders posts made in the same millisecond. */
  sequence(): number;
  /** Aborted when the app closes: background work (Instagram's fetches) stops. */
  signal: AbortSignal;
  /** Background work the close waits for. */
  track(work: Promise<unknown>): void;
  /** Stops background work and removes the temp folder. */
  close(): Promise<void>;
}

export function createPublishStore(faults: PublishFaults): PublishStore {
  let folder: Promise<string> | null = null;
  let counter = 0;
  const records = new Map<SocialPlatform, unknown>();
  const pending = new Set<Promise<unknown>>();
  const closing = new AbortController();
  return {
    faults,
    takeChunkFault(platform) {
      const left = faults.failNextChunk.get(platform) ?? 0;
      if (left <= 0) return false;
      if (left <= 1) faults.failNextChunk.delete(platform);
      else faults.failNextChunk.set(platform, left - 1);
      return true;
    },
    recordThumbnail(record) {
      const kept = faults.thumbnails;
      const earlier = kept.findIndex((item) => item.platform === record.platform && item.postId === record.postId);
      if (earlier >= 0) kept.splice(earlier, 1);
      kept.push(record);
      if (kept.length > THUMBNAILS_KEPT) kept.splice(0, kept.length - THUMBNAILS_KEPT);
    },
    async newFile(name) {
      folder ??= mkdtemp(join(tmpdir(), 'regie-local-social-'));
      const path = join(await folder, `${name.replace(/[^A-Za-z0-9_.-]/g, '_')}-${randomBytes(4).toString('hex')}`);
      await (await open(path, 'wx')).close();
      return path;
    },
    records<T>(platform: SocialPlatform, make: () => T): T {
      if (!records.has(platform)) records.set(platform, make());
      return records.get(platform) as T;
    },
    sequence: () => {
      counter += 1;
      return counter;
    },
    signal: closing.signal,
    track(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
    },
    async close() {
      closing.abort();
      await Promise.all(pending);
      const made = folder;
      folder = null;
      records.clear();
      if (made) await rm(await made, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}

/** How a body's bytes went into a file. */
export interface Written {
  /** Bytes written (never more than the limit). */
  written: number;
  /** The body had more bytes than the limit (the rest was read and dropped). */
  overflow: boolean;
  /** The body ended normally (false: the client went away mid-body). */
  ended: boolean;
}

/**
 * Writes a body into `file` from byte `start`, at most `limit` bytes; more is read and dropped,
 * so that the answer (an error) still reaches the client. `onBytes` follows the progress.
 */
export async function writeAt(
  source: AsyncIterable<Buffer | string>,
  file: string,
  start: number,
  limit: number,
  onBytes?: (written: number) => void,
): Promise<Written> {
  const handle = await open(file, 'r+');
  let written = 0;
  let overflow = false;
  let ended = true;
  try {
    for await (const piece of source) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      if (overflow) continue;
      if (written + chunk.length > limit) {
        overflow = true;
        continue;
      }
      await handle.write(chunk, 0, chunk.length, start + written);
      written += chunk.length;
      onBytes?.(written);
    }
  } catch {
    ended = false;
  } finally {
    await handle.close();
  }
  return { written, overflow, ended };
}

/** Copies all of `from` into `to` at byte `start`. */
export async function copyInto(from: string, to: string, start: number): Promise<number> {
  const result = await writeAt(createReadStream(from), to, start, Number.MAX_SAFE_INTEGER);
  if (!result.ended) throw new Error(`could not copy ${from}`);
  return result.written;
}

/** True when the file starts like an ISO media file (MP4, MOV): bytes 4–7 are `ftyp`. */
export async function looksLikeMp4(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    return bytesRead === 8 && head.subarray(4, 8).toString('latin1') === 'ftyp';
  } finally {
    await handle.close();
  }
}

/** The picture type the bytes start like (JPEG: FF D8 FF; PNG: its 8-byte signature), or null. */
export function imageTypeOf(bytes: Buffer): 'image/jpeg' | 'image/png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes.subarray(0, 8).equals(png) ? 'image/png' : null;
}

export async function removeFile(file: string): Promise<void> {
  await rm(file, { force: true }).catch(() => undefined);
}

/** A random number of `count` digits (no leading zero), as the platforms' numeric ids. */
export function digits(count: number): string {
  let text = String(randomInt(1, 10));
  while (text.length < count) text += String(randomInt(0, 10));
  return text;
}

/** A random id of `length` URL-safe characters. */
export function urlSafeId(length: number): string {
  return randomBytes(Math.ceil((length * 3) / 4) + 1)
    .toString('base64url')
    .slice(0, length);
}

/** Something that shows a processing step: the first status read says "processing", later ones "done". */
export interface Processing {
  statusReads: number;
}

/** Counts a status read: true while the post still shows as processing (its first read). */
export function stillProcessing(item: Processing): boolean {
  item.statusReads += 1;
  return item.statusReads <= 1;
}

/** Newest first (posts of the same millisecond by the order they were made). */
export function newestFirst<T extends { createdAt: number; sequence: number }>(items: Iterable<T>): T[] {
  return [...items].sort((a, b) => b.createdAt - a.createdAt || b.sequence - a.sequence);
}
