import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { WATERMARK_MESSAGES } from '@regie/contract/watermark';
import { eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { PermanentJobError } from '../jobs/jobs.define.ts';
import type { WatermarkOverlay } from '../media/watermark.args.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { watermarkToBurn } from './watermark.settings.ts';

/** What an encode burns in: the overlay (null: none) and the version to record on the video. */
export interface EncodeWatermark {
  overlay: WatermarkOverlay | null;
  version: number | null;
}

const NONE: EncodeWatermark = { overlay: null, version: null };

/** The logo as a local file: in place on local storage, else downloaded into `work`. */
async function logoFile(storage: ObjectStorage, key: string, work: string): Promise<string> {
  const local = storage.localPath(key);
  if (local && (await storage.exists(key))) return local;
  const object = await storage.get(key);
  // The video would be encoded without the logo its account asked for: said, not hidden.
  if (!object) throw new PermanentJobError(WATERMARK_MESSAGES.logoUnreadable(key));
  const target = join(work, `watermark${key.slice(key.lastIndexOf('.'))}`);
  await pipeline(object.body, createWriteStream(target));
  return target;
}

/**
 * The watermark a video's encode burns in, read when the encode starts (a change made meanwhile
 * leaves the video out of date, which the Playback screen then counts).
 */
export async function watermarkForEncode(
  db: Db,
  storage: ObjectStorage,
  video: Pick<VideoRow, 'accountId' | 'watermarkOff'>,
  work: string,
): Promise<EncodeWatermark> {
  const [account] = await db
    .select({ modules: accounts.modules, config: accounts.config })
    .from(accounts)
    .where(eq(accounts.id, video.accountId))
    .limit(1);
  if (!account) return NONE;
  const burned = watermarkToBurn({ account, video });
  if (!burned) return NONE;
  const { logoKey, version, corner, sizePercent, opacity, marginPercent } = burned;
  const image = await logoFile(storage, logoKey, work);
  return { overlay: { image, corner, sizePercent, opacity, marginPercent }, version };
}
