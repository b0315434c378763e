import type { ReframeKeyframe } from '@regie/contract/vertical';

/**
 * The editor's changes to a reframe path (contract vertical.ts), kept as the server wants them:
 * in time order, the first at 0 s, each place 0 (window at the left edge) to 1 (at the right).
 */

/** Two keyframes closer than this (seconds) are one: setting one there moves it. */
export const SAME_MOMENT_SECONDS = 0.1;
/** One arrow press moves the window this share of its range; with Shift, ten times as far. */
export const ARROW_STEP = 0.01;

const clamp = (x: number) => Math.min(1, Math.max(0, x));
const rounded = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Sets the window at `x` from `time` on: a new keyframe, or the one already at that moment moved. */
export function setKeyframe(keyframes: readonly ReframeKeyframe[], time: number, x: number): ReframeKeyframe[] {
  const at = rounded(Math.max(0, time), 3);
  const place = rounded(clamp(x), 4);
  const near = keyframes.findIndex((keyframe) => Math.abs(keyframe.time - at) < SAME_MOMENT_SECONDS);
  if (near >= 0) return keyframes.map((keyframe, index) => (index === near ? { ...keyframe, x: place } : keyframe));
  const next = [...keyframes, { time: at, x: place, cut: false }].sort((a, b) => a.time - b.time);
  // The path always starts at 0 s.
  if (next[0] && next[0].time !== 0) next[0] = { ...next[0], time: 0 };
  return next;
}

/** Removes a keyframe; the first one (at 0 s) stays, taking the next one's place when it goes. */
export function removeKeyframe(keyframes: readonly ReframeKeyframe[], index: number): ReframeKeyframe[] {
  if (keyframes.length <= 1) return [...keyframes];
  const left = keyframes.filter((_, position) => position !== index);
  const first = left[0];
  if (first && first.time !== 0) left[0] = { ...first, time: 0, cut: false };
  return left;
}

/** The window moved by the arrow keys from `x`: a step, or ten with Shift. */
export function nudged(x: number, direction: -1 | 1, large: boolean): number {
  return rounded(clamp(x + direction * ARROW_STEP * (large ? 10 : 1)), 4);
}

/** The window's place from a pointer over the picture: its centre under the pointer, within the picture. */
export function placeFromPointer(pointerShare: number, windowShare: number): number {
  const range = 1 - windowShare;
  if (range <= 0) return 0.5;
  return rounded(clamp((pointerShare - windowShare / 2) / range), 4);
}

/** Whether two paths differ (the editor has unsaved changes). */
export function samePath(a: readonly ReframeKeyframe[], b: readonly ReframeKeyframe[]): boolean {
  return (
    a.length === b.length &&
    a.every((keyframe, index) => {
      const other = b[index];
      return (
        other !== undefined && other.time === keyframe.time && other.x === keyframe.x && other.cut === keyframe.cut
      );
    })
  );
}
