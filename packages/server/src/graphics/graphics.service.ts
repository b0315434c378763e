import {
  GRAPHIC_LIMITS,
  GRAPHIC_MESSAGES,
  type Graphic,
  type GraphicUpdateBody,
  type GraphicValues,
} from '@regie/contract/graphics';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { eventGraphics, type GraphicRow } from '../db/graphics.table.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { EventRow } from './event-scope.ts';

export function presentGraphic(storage: ObjectStorage, row: GraphicRow): Graphic {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    kind: row.kind,
    imageKey: row.imageKey,
    imageUrl: storage.url(row.imageKey),
    position: row.position,
    widthPercent: row.widthPercent,
    marginPercent: row.marginPercent,
    opacity: row.opacity,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The image must be one the account uploaded and still in storage (its type was checked at upload). */
async function assertImage(storage: ObjectStorage, accountId: number, key: string): Promise<void> {
  if (!key.startsWith(`${accountId}/`) || !(await storage.exists(key))) {
    throw badRequest(GRAPHIC_MESSAGES.imageMissing, [{ path: 'imageKey', message: GRAPHIC_MESSAGES.imageMissing }]);
  }
}

export function listGraphics(db: Db, eventId: number): Promise<GraphicRow[]> {
  return db.select().from(eventGraphics).where(eq(eventGraphics.eventId, eventId)).orderBy(asc(eventGraphics.id));
}

export async function findGraphic(db: Db, eventId: number, id: number): Promise<GraphicRow> {
  const [row] = await db
    .select()
    .from(eventGraphics)
    .where(and(eq(eventGraphics.id, id), eq(eventGraphics.eventId, eventId)))
    .limit(1);
  if (!row) throw notFound(GRAPHIC_MESSAGES.notFound(id));
  return row;
}

export async function createGraphic(
  db: Db,
  storage: ObjectStorage,
  event: EventRow,
  body: GraphicValues,
): Promise<GraphicRow> {
  await assertImage(storage, event.accountId, body.imageKey);
  const [total] = await db.select({ total: count() }).from(eventGraphics).where(eq(eventGraphics.eventId, event.id));
  if ((total?.total ?? 0) >= GRAPHIC_LIMITS.perEvent) throw new HttpError(409, GRAPHIC_MESSAGES.tooMany);
  const [row] = await db
    .insert(eventGraphics)
    .values({ ...body, eventId: event.id, accountId: event.accountId })
    .returning();
  if (!row) throw new Error('The graphic was not created');
  return row;
}

export async function updateGraphic(
  db: Db,
  storage: ObjectStorage,
  graphic: GraphicRow,
  body: GraphicUpdateBody,
): Promise<GraphicRow> {
  if (body.imageKey !== undefined) await assertImage(storage, graphic.accountId, body.imageKey);
  if (Object.keys(body).length === 0) return graphic;
  const [row] = await db.update(eventGraphics).set(body).where(eq(eventGraphics.id, graphic.id)).returning();
  if (!row) throw notFound(GRAPHIC_MESSAGES.notFound(graphic.id));
  return row;
}

export async function deleteGraphic(db: Db, graphic: GraphicRow): Promise<void> {
  await db.delete(eventGraphics).where(eq(eventGraphics.id, graphic.id));
}
