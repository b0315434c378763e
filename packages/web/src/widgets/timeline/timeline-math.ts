/** The maths of a timeline: times ↔ positions along it, moves kept inside the video. */

/** Times on a timeline snap to a tenth of a second (what an operator can aim at). */
export const TIMELINE_STEP_SECONDS = 0.1;

/** A time kept in [0, duration] (an unknown duration keeps it ≥ 0 only). */
export function clampToTimeline(seconds: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(0, seconds), end);
}

/** A time on the step, rounded to one decimal so 0.1 × n prints without float noise. */
export function snapTime(seconds: number, step = TIMELINE_STEP_SECONDS): number {
  return Math.round(Math.round(seconds / step) * step * 1000) / 1000;
}

/** Where `seconds` sits along a timeline of `duration`, as a percentage (0 when unknown). */
export function timeToPercent(seconds: number, duration: number): number {
  if (!(Number.isFinite(duration) && duration > 0)) return 0;
  return (clampToTimeline(seconds, duration) / duration) * 100;
}

/** The time at `x` pixels from the left of a track `width` pixels wide, snapped and kept inside. */
export function positionToTime(x: number, width: number, duration: number): number {
  if (!(width > 0 && Number.isFinite(duration) && duration > 0)) return 0;
  return clampToTimeline(snapTime((x / width) * duration), duration);
}

/** A point moved by `delta` seconds, snapped and kept inside. */
export function moveTime(seconds: number, delta: number, duration: number): number {
  return clampToTimeline(snapTime(seconds + delta), duration);
}

/** The width of a point's span as a percentage of the track (0 for an instant). */
export function spanPercent(start: number, length: number | null, duration: number): number {
  if (!length || length <= 0) return 0;
  return timeToPercent(start + length, duration) - timeToPercent(start, duration);
}
