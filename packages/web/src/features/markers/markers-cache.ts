import {
  isMarkerEventType,
  MARKER_EVENTS,
  type MarkerEventType,
  type MarkerRecord,
  markerEventPayload,
} from '@regie/contract/markers';

/** An event's markers as the editors keep them: by time, then id (the server's order). */
export function sortMarkers(markers: readonly MarkerRecord[]): MarkerRecord[] {
  return [...markers].sort((a, b) => a.timeSeconds - b.timeSeconds || a.id - b.id);
}

/** The list with `marker` added or replaced (by id), still in order. */
export function upsertMarker(markers: readonly MarkerRecord[], marker: MarkerRecord): MarkerRecord[] {
  return sortMarkers([...markers.filter((known) => known.id !== marker.id), marker]);
}

export function removeMarker(markers: readonly MarkerRecord[], id: number): MarkerRecord[] {
  return markers.filter((known) => known.id !== id);
}

/**
 * A realtime message applied to the list (contract MARKER_EVENTS), or null when it is not a
 * marker change of this event. By id: an editor's own change coming back changes nothing more.
 * An update older than what the list holds (updatedAt) is ignored, so a late echo cannot undo
 * a newer move.
 */
export function applyMarkerEvent(
  markers: readonly MarkerRecord[],
  event: { type: string; payload: unknown },
  eventId: number,
): MarkerRecord[] | null {
  if (!isMarkerEventType(event.type)) return null;
  const parsed = markerEventPayload.safeParse(event.payload);
  if (!parsed.success || parsed.data.marker.eventId !== eventId) return null;
  const { marker } = parsed.data;
  const type: MarkerEventType = event.type;
  if (type === MARKER_EVENTS.deleted) return removeMarker(markers, marker.id);
  const known = markers.find((candidate) => candidate.id === marker.id);
  if (known && known.updatedAt > marker.updatedAt) return null;
  return upsertMarker(markers, marker);
}
