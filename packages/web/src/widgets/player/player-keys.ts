/** What a key does to the player (YouTube's keys, which most people know). */
export type PlayerCommand =
  | { type: 'togglePlay' }
  | { type: 'seekBy'; seconds: number }
  | { type: 'volumeBy'; delta: number }
  | { type: 'toggleMute' }
  | { type: 'toggleFullscreen' }
  | { type: 'toggleCaptions' };

export const SEEK_STEP_SECONDS = 5;
export const JUMP_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

/**
 * The command of a key pressed on the player, or null to let the browser handle it (a key with
 * a modifier, or one typed into a control that needs it: space on a button, arrows in a menu or
 * on the seek bar, which handles its own arrows).
 */
export function commandOfKey(
  key: string,
  modifiers: { ctrl: boolean; alt: boolean; meta: boolean },
): PlayerCommand | null {
  if (modifiers.ctrl || modifiers.alt || modifiers.meta) return null;
  switch (key) {
    case ' ':
    case 'k':
    case 'K':
      return { type: 'togglePlay' };
    case 'ArrowLeft':
      return { type: 'seekBy', seconds: -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return { type: 'seekBy', seconds: SEEK_STEP_SECONDS };
    case 'j':
    case 'J':
      return { type: 'seekBy', seconds: -JUMP_STEP_SECONDS };
    case 'l':
    case 'L':
      return { type: 'seekBy', seconds: JUMP_STEP_SECONDS };
    case 'ArrowUp':
      return { type: 'volumeBy', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volumeBy', delta: -VOLUME_STEP };
    case 'm':
    case 'M':
      return { type: 'toggleMute' };
    case 'f':
    case 'F':
      return { type: 'toggleFullscreen' };
    case 'c':
    case 'C':
      return { type: 'toggleCaptions' };
    default:
      return null;
  }
}

/** A time moved by `seconds`, kept inside the video. */
export function clampTime(time: number, duration: number): number {
  const end = Number.isFinite(duration) ? duration : time;
  return Math.min(Math.max(0, time), Math.max(0, end));
}

/** A volume moved by `delta`, kept in 0..1 and rounded so ten steps land on 0 or 1 exactly. */
export function clampVolume(volume: number, delta: number): number {
  return Math.min(1, Math.max(0, Math.round((volume + delta) * 100) / 100));
}
