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

/** Two times closer than this are the same instant at a live window's edges (as the server allows). */
const LIVE_TOLERANCE_SECONDS = 0.05;

/** What can be clipped of a live, in seconds from its start (contract liveWindowResponse). */
export interface LiveBounds {
  fromSeconds: number;
  toSeconds: number;
}

/**
 * What is wrong with [in, out] on a video of `duration` seconds (null while unknown), or, given
 * `live`, inside a live's DVR window: the server refuses the same cases (contract CLIP_MESSAGES),
 * this says it before the request.
 */
export function rangeErrors(
  inSeconds: number | null,
  outSeconds: number | null,
  duration: number | null,
  live: LiveBounds | null = null,
): RangeErrors {
  const errors: RangeErrors = {};
  if (inSeconds === null) errors.in = 'clips.ui.inRequired';
  if (outSeconds === null) errors.out = 'clips.ui.outRequired';
  if (inSeconds === null || outSeconds === null) return errors;
  if (live && inSeconds < live.fromSeconds - LIVE_TOLERANCE_SECONDS) errors.in = 'clips.ui.inBeforeWindow';
  if (outSeconds <= inSeconds) errors.out = 'clips.ui.outBeforeIn';
  else if (live && outSeconds > live.toSeconds + LIVE_TOLERANCE_SECONDS) errors.out = 'clips.ui.outBeyondWindow';
  else if (duration !== null && outSeconds > duration + 1e-6) errors.out = 'clips.ui.outBeyondDuration';
  else if (outSeconds - inSeconds > CLIP_MAX_SECONDS) errors.out = 'clips.ui.tooLong';
  return errors;
}

/**
 * The live second the player shows: its frame's program date (hls.js playingDate, from
 * EXT-X-PROGRAM-DATE-TIME) less the live's second 0; null while either is unknown.
 */
export function liveSecondsAt(playingDate: Date | null, origin: string | null): number | null {
  if (playingDate === null || origin === null) return null;
  const at = playingDate.getTime();
  const zero = Date.parse(origin);
  if (Number.isNaN(at) || Number.isNaN(zero)) return null;
  return snapToStep((at - zero) / 1000);
}
