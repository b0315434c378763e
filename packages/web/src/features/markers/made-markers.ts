import type { MarkerRecord } from '@regie/contract/markers';
import { useSyncExternalStore } from 'react';

/** How many of the markers just made the operator sees (newest first). */
export const MADE_SHOWN = 3;

/**
 * The markers this page made (a key press, a click), newest first, per event: what the
 * operator's last presses made, shown beside the player (MarkerFeedback). One store for the
 * page, so the panel that drops markers and the player that shows them need not be one component.
 */
export function createMadeMarkers() {
  let byEvent = new Map<number, readonly MarkerRecord[]>();
  const listeners = new Set<() => void>();
  const empty: readonly MarkerRecord[] = [];
  return {
    add(marker: MarkerRecord) {
      const previous = byEvent.get(marker.eventId) ?? empty;
      const next = [marker, ...previous.filter((known) => known.id !== marker.id)].slice(0, MADE_SHOWN);
      byEvent = new Map(byEvent).set(marker.eventId, next);
      for (const listener of listeners) listener();
    },
    of: (eventId: number): readonly MarkerRecord[] => byEvent.get(eventId) ?? empty,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const madeMarkers = createMadeMarkers();

/** The markers this page made for the event, newest first (at most MADE_SHOWN). */
export function useMadeMarkers(eventId: number): readonly MarkerRecord[] {
  return useSyncExternalStore(madeMarkers.subscribe, () => madeMarkers.of(eventId));
}
