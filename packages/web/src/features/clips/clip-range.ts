import { CLIP_MAX_SECONDS } from '@regie/contract/clips';
import type { MessageKey } from '@regie/contract/i18n/en';

/** In and out points move by this step: one frame at 25 fps. */
export const CLIP_STEP_SECONDS = 0.04;

/** A time on the clip step, rounded to two decimals so 0.04 × n prints without float noise. */
export function snapToStep(seconds: number): number {
  const steps = Math.round(Math.max(0, seconds) / CLIP_STEP_SECONDS);
  return Math.round(steps * CLIP_STEP_SECONDS * 100) / 100;
}

export interface RangeErrors {
  in?: MessageKey;
  out?: MessageKey;
}

/**
 * What is wrong with [in, out] on a video of `duration` seconds (null while unknown): the
 * server refuses the same cases (contract CLIP_MESSAGES), this says it before the request.
 */
export function rangeErrors(inSeconds: number | null, outSeconds: number | null, duration: number | null): RangeErrors {
  const errors: RangeErrors = {};
  if (inSeconds === null) errors.in = 'clips.ui.inRequired';
  if (outSeconds === null) errors.out = 'clips.ui.outRequired';
  if (inSeconds === null || outSeconds === null) return errors;
  if (outSeconds <= inSeconds) errors.out = 'clips.ui.outBeforeIn';
  else if (duration !== null && outSeconds > duration + 1e-6) errors.out = 'clips.ui.outBeyondDuration';
  else if (outSeconds - inSeconds > CLIP_MAX_SECONDS) errors.out = 'clips.ui.tooLong';
  return errors;
}
