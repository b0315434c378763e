import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { GRAPHIC_MESSAGES } from '@regie/contract/graphics';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { clipGraphics, eventGraphics } from '../db/graphics.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { PermanentJobError } from '../jobs/jobs.define.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { GraphicOverlay } from './graphics.args.ts';

/**
 * Graphics a clip burns in (contract graphics.ts): checked when the clip is asked for, linked to
 * the clip video in the same transaction, read again by the clip job.
 */

/** Every id must be a graphic of the account, and of `eventId` when the clip is cut from an event's marker. */
export async function assertClipGraphics(
  db: Db,
  accountId: number,
  eventId: number | null,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: eventGraphics.id, eventId: eventGraphics.eventId })
    .from(eventGraphics)
    .where(and(inArray(eventGraphics.id, [...ids]), eq(eventGraphics.accountId, accountId)));
  const missing = ids.find((id) => {
    const row = rows.find((found) => found.id === id);
    return !row || (eventId !== null && row.eventId !== eventId);
  });
  if (missing !== undefined) {
    const message = GRAPHIC_MESSAGES.notOfClip(missing);
    throw badRequest(message, [{ path: 'graphicIds', message }]);
  }
}

export async function linkClipGraphics(db: Db, videoId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.insert(clipGraphics).values(ids.map((graphicId, position) => ({ videoId, graphicId, position })));
}

/** An image as a local file: in place on local storage, else downloaded into `work`. */
async function imageFile(storage: ObjectStorage, key: string, work: string, name: string): Promise<string> {
  const local = storage.localPath(key);
  if (local && (await storage.exists(key))) return local;
  const object = await storage.get(key);
  if (!object) throw new PermanentJobError(GRAPHIC_MESSAGES.imageUnreadable(key));
  const target = join(work, `${name}${key.slice(key.lastIndexOf('.'))}`);
  await pipeline(object.body, createWriteStream(target));
  return target;
}

/** The clip's graphics that still exist, in order, with their images as local files. */
export async function clipGraphicOverlays(
  context: { db: Db; storage: ObjectStorage },
  videoId: number,
  work: string,
): Promise<GraphicOverlay[]> {
  const rows = await context.db
    .select({ graphic: eventGraphics })
    .from(clipGraphics)
    .innerJoin(eventGraphics, eq(eventGraphics.id, clipGraphics.graphicId))
    .where(eq(clipGraphics.videoId, videoId))
    .orderBy(asc(clipGraphics.position));
  return Promise.all(
    rows.map(async ({ graphic }, index) => ({
      image: await imageFile(context.storage, graphic.imageKey, work, `graphic-${index}`),
      position: graphic.position,
      widthPercent: graphic.widthPercent,
      marginPercent: graphic.marginPercent,
      opacity: graphic.opacity,
    })),
  );
}
