import { EVENT_MESSAGES, markerTypeFitsSport } from '@regie/contract/events';
import { markerRecord } from '@regie/contract/markers';
import { markersResource } from '@regie/contract/resources/events';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { events, markers } from '../db/events.table.ts';
import { markerTypes } from '../db/marker-types.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { presentRow } from '../resources/resources.presenter.ts';
import { type ResourceEntry, resourceEntry } from '../resources/resources.types.ts';
import { publishMarkerChange } from './markers.published.ts';

type MarkerRow = typeof markers.$inferSelect;

/** A stored marker as the API and the realtime events present it (contract markerRecord). */
export function presentMarker(row: MarkerRow) {
  return markerRecord.parse(presentRow(markersEntry, row));
}

/** A marker's type is of its event's sport, or of every sport (contract markerTypeFitsSport). */
async function checkSport(db: Db, eventId: unknown, markerTypeId: unknown): Promise<void> {
  if (typeof eventId !== 'number' || typeof markerTypeId !== 'number') return;
  const [type] = await db
    .select({ name: markerTypes.name, sportId: markerTypes.sportId })
    .from(markerTypes)
    .where(eq(markerTypes.id, markerTypeId));
  const [event] = await db.select({ sportId: events.sportId }).from(events).where(eq(events.id, eventId));
  if (!type || !event || markerTypeFitsSport(type.sportId, event.sportId)) return;
  const message = EVENT_MESSAGES.markerTypeOfOtherSport(type.name);
  throw badRequest(message, [{ path: 'markerTypeId', message }]);
}

/**
 * Markers served by the generic engine under their event (POST/GET events/{id}/markers,
 * GET/PUT/DELETE events/{id}/markers/{markerId}); every committed change is published on the
 * event's realtime topic, whichever call made it.
 */
export const markersEntry: ResourceEntry<typeof markers> = resourceEntry({
  definition: markersResource,
  table: markers,
  hooks: {
    async prepare(values, { db, existing }) {
      const markerTypeId = 'markerTypeId' in values ? values.markerTypeId : existing?.markerTypeId;
      await checkSport(db, values.eventId ?? existing?.eventId, markerTypeId);
      return values;
    },
    committed(row, change, { db }) {
      publishMarkerChange(db, change, { marker: presentMarker(row) });
    },
  },
});
