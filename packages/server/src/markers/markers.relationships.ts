import type { MarkerRecord, MarkersRelationshipsBody } from '@regie/contract/markers';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { markers } from '../db/events.table.ts';
import { transaction } from '../db/transactions.ts';
import { badRequest } from '../http/http.errors.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine, ResourceEntry } from '../resources/resources.types.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import { publishMarkerChange } from './markers.published.ts';
import { presentMarker } from './markers.resource.ts';

/**
 * PATCH events/{id}/relationships/markers (contract markersRelationshipsBody): the event keeps
 * exactly the listed markers. Unknown ids (another event's, another account's) refuse the whole
 * call; the markers left out are deleted in one transaction and each announced.
 */
export async function replaceEventMarkers(
  engine: Engine,
  eventsEntry: ResourceEntry,
  auth: AuthContext,
  eventId: number,
  body: MarkersRelationshipsBody,
  /** Runs in the deletes' transaction with the markers deleted, when any: their audit entries. */
  removedHook?: (tx: Db, rows: readonly (typeof markers.$inferSelect)[]) => Promise<void>,
): Promise<MarkerRecord[]> {
  // 404 for an event the request may not see, another account's included.
  const event = await findVisible(engine, eventsEntry, auth, eventId);
  const id = Number(event.id);
  const wanted = [...new Set(body.data.map((item) => item.id))];
  const current = await engine.db
    .select()
    .from(markers)
    .where(eq(markers.eventId, id))
    .orderBy(asc(markers.timeSeconds), asc(markers.id));
  const known = new Set(current.map((row) => row.id));
  const missing = wanted.filter((markerId) => !known.has(markerId));
  if (missing.length > 0) {
    const message = CRUD_MESSAGES.unknownLinked('markers', missing);
    throw badRequest(message, [{ path: 'data', message }]);
  }
  const removed = await transaction(engine.db, async (tx) => {
    const gone = await tx
      .delete(markers)
      .where(and(eq(markers.eventId, id), wanted.length > 0 ? notInArray(markers.id, wanted) : undefined))
      .returning();
    for (const row of gone) publishMarkerChange(tx, 'deleted', { marker: presentMarker(row) });
    if (removedHook && gone.length > 0) await removedHook(tx, gone);
    return new Set(gone.map((row) => row.id));
  });
  return current.filter((row) => !removed.has(row.id)).map(presentMarker);
}
