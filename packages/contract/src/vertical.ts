import { z } from 'zod';

/**
 * Clips and videos in other shapes than their source's (issue 42, spec module 36 VERTICAL_VIDEO):
 * the aspects a rendition may have, and the reframe path that says where the crop window stands
 * over the 16:9 picture at each moment.
 */

/** The aspects a clip or a video may be rendered in; 16:9 is the source's own. */
export const ASPECTS = ['16:9', '9:16', '1:1', '4:5'] as const;
export type Aspect = (typeof ASPECTS)[number];

/** Width ÷ height of each aspect. */
export const ASPECT_RATIOS: Readonly<Record<Aspect, number>> = {
  '16:9': 16 / 9,
  '9:16': 9 / 16,
  '1:1': 1,
  '4:5': 4 / 5,
};

/** The aspects cut out of a wider picture: the ones a reframe path moves a window for. */
export const REFRAMED_ASPECTS: readonly Aspect[] = ['9:16', '1:1', '4:5'];

/**
 * The crop window of `aspect` over a `sourceWidth` × `sourceHeight` picture: the source's full
 * height and the width the aspect gives it (even, as encoders want), never wider than the source.
 */
export function cropWindow(
  aspect: Aspect,
  sourceWidth: number,
  sourceHeight: number,
): { width: number; height: number } {
  const ratio = ASPECT_RATIOS[aspect];
  if (sourceWidth / sourceHeight <= ratio) {
    // A source narrower than the aspect: full width, height cut (not the case of a 16:9 source).
    const height = Math.min(sourceHeight, 2 * Math.round(sourceWidth / ratio / 2));
    return { width: sourceWidth - (sourceWidth % 2), height };
  }
  return { width: Math.max(2, 2 * Math.round((sourceHeight * ratio) / 2)), height: sourceHeight - (sourceHeight % 2) };
}

/**
 * How a virtual camera operator moves the window (reframe.path.ts): what it pans at most and how
 * quickly it changes speed, as shares of the picture's width; a larger jump is a cut.
 */
export const REFRAME_LIMITS = {
  /** The fastest pan: this share of the picture's width per second. */
  maxPanPerSecond: 0.6,
  /** How quickly a pan gains or loses speed: share of the width per second, per second. */
  maxAccelerationPerSecond2: 1.8,
  /** The analysis reads this many frames a second, at this width (a few pixels a ball). */
  analysisFps: 10,
  analysisWidth: 192,
  /** The most keyframes a path keeps (after simplifying): an editor corrects a few, not hundreds. */
  maxKeyframes: 400,
} as const;

/**
 * One keyframe of a path: at `time` seconds of the clip, the window's centre at `x` (0: the
 * window against the picture's left edge, 1: against its right edge). Between two keyframes the
 * window moves in a straight line; a keyframe marked `cut` is reached by a cut, not a pan.
 */
export const reframeKeyframe = z.object({
  time: z.number().min(0).max(86_400),
  x: z.number().min(0).max(1),
  cut: z.boolean().default(false),
});
export type ReframeKeyframe = z.infer<typeof reframeKeyframe>;

export const reframePath = z.object({
  aspect: z.enum(ASPECTS),
  /** Sorted by time, the first at 0. */
  keyframes: z.array(reframeKeyframe).min(1).max(REFRAME_LIMITS.maxKeyframes),
  /** `auto`: as the analysis placed it; `edited`: an editor moved or added keyframes. */
  source: z.enum(['auto', 'edited']),
});
export type ReframePath = z.infer<typeof reframePath>;

/** Where the window's centre stands at `time` (a cut keyframe is a step, the others a line). */
export function windowAt(keyframes: readonly ReframeKeyframe[], time: number): number {
  const first = keyframes[0];
  if (!first) return 0.5;
  if (time <= first.time) return first.x;
  for (let index = 1; index < keyframes.length; index += 1) {
    const next = keyframes[index];
    const previous = keyframes[index - 1];
    if (!next || !previous) break;
    if (time < next.time) {
      if (next.cut) return previous.x;
      const share = (time - previous.time) / (next.time - previous.time || 1);
      return previous.x + (next.x - previous.x) * share;
    }
  }
  return keyframes.at(-1)?.x ?? 0.5;
}
