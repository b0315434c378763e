import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CLIP_MESSAGES } from '@regie/contract/clips';
import { and, eq } from 'drizzle-orm';
import { clipSkins } from '../db/clip-skins.table.ts';
import type { Db } from '../db/database.ts';
import type { VideoRow } from '../db/videos.table.ts';
import { PermanentJobError } from '../jobs/jobs.define.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { SkinnedClipOptions } from './skin.args.ts';

/** A clip's skin (contract resources/clip-skins.ts), as the jobs that render clips read it with its images. */
export type Skin = typeof clipSkins.$inferSelect;

/** A skin image as a local file: in place on local storage, else downloaded into `work`. */
async function imageFile(storage: ObjectStorage, key: string, work: string, name: string): Promise<string> {
  const local = storage.localPath(key);
  if (local && (await storage.exists(key))) return local;
  const object = await storage.get(key);
  if (!object) throw new PermanentJobError(CLIP_MESSAGES.skinImageMissing(key));
  const target = join(work, `${name}${key.slice(key.lastIndexOf('.'))}`);
  await pipeline(object.body, createWriteStream(target));
  return target;
}

/** Whether the skin dresses a clip at all (an overlay, or rolls that last). */
export function hasSkinImages(skin: Skin | null): boolean {
  return Boolean(skin && (skin.overlayKey || ((skin.preRollKey || skin.postRollKey) && skin.rollSeconds > 0)));
}

/** The skin's images as local files, and how long its rolls last (skinnedClipArgs' options). */
export async function skinImages(
  storage: ObjectStorage,
  skin: Skin | null,
  work: string,
): Promise<Pick<SkinnedClipOptions, 'preRoll' | 'postRoll' | 'overlay' | 'rollSeconds'>> {
  const rolls = (skin?.rollSeconds ?? 0) > 0;
  return {
    preRoll: rolls && skin?.preRollKey ? await imageFile(storage, skin.preRollKey, work, 'pre-roll') : null,
    postRoll: rolls && skin?.postRollKey ? await imageFile(storage, skin.postRollKey, work, 'post-roll') : null,
    overlay: skin?.overlayKey
      ? {
          image: await imageFile(storage, skin.overlayKey, work, 'overlay'),
          position: skin.overlayPosition,
          opacity: skin.overlayOpacity,
        }
      : null,
    rollSeconds: skin?.rollSeconds ?? 0,
  };
}

/** The clip's skin, when it has one of its account's. */
export async function skinOfClip(db: Db, clip: VideoRow): Promise<Skin | null> {
  if (clip.clipSkinId === null) return null;
  const [skin] = await db
    .select()
    .from(clipSkins)
    .where(and(eq(clipSkins.id, clip.clipSkinId), eq(clipSkins.accountId, clip.accountId)))
    .limit(1);
  return skin ?? null;
}
