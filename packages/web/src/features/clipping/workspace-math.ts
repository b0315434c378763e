import { type LiveBounds, rangeErrors } from '../clips/clip-range.ts';

interface Timed {
  id: number;
  timeSeconds: number;
}

/**
 * The marker `direction` steps from the selected one (1: next, -1: previous); with none selected,
 * the first after the playhead (next) or the last before it (previous). Null past either end.
 */
export function nextMarker<Marker extends Timed>(
  markers: readonly Marker[],
  playhead: number,
  selectedId: number | null,
  direction: 1 | -1,
): Marker | null {
  const index = markers.findIndex((marker) => marker.id === selectedId);
  if (index >= 0) return markers[index + direction] ?? null;
  if (direction === 1) return markers.find((marker) => marker.timeSeconds > playhead) ?? null;
  return [...markers].reverse().find((marker) => marker.timeSeconds < playhead) ?? null;
}

/**
 * Whether [in, out] can be cut: both set, out after in, within the video (or the live's window)
 * and the clip limit (clip-range.ts rangeErrors).
 */
export function rangeReady(
  inSeconds: number | null,
  outSeconds: number | null,
  duration: number | null,
  live: LiveBounds | null = null,
): boolean {
  return Object.keys(rangeErrors(inSeconds, outSeconds, duration, live)).length === 0;
}
