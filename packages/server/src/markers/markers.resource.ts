import { markerRecord } from '@regie/contract/markers';
import { markersResource } from '@regie/contract/resources/events';
import { markers } from '../db/events.table.ts';
import { presentRow } from '../resources/resources.presenter.ts';
import { type ResourceEntry, resourceEntry } from '../resources/resources.types.ts';
import { publishMarkerChange } from './markers.published.ts';

type MarkerRow = typeof markers.$inferSelect;

/** A stored marker as the API and the realtime events present it (contract markerRecord). */
export function presentMarker(row: MarkerRow) {
  return markerRecord.parse(presentRow(markersEntry, row));
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
    committed(row, change, { db }) {
      publishMarkerChange(db, change, { marker: presentMarker(row) });
    },
  },
});
