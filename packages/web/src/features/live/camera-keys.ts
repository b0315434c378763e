/** Shift + 1…9 puts the camera at that place on air (the control room); digits alone drop markers. */
export const CAMERA_KEY_COUNT = 9;

/**
 * The index (0-based) of the camera a key press puts on air: Shift and a digit 1…9 (by its
 * physical key, as Shift changes the character), no other modifier; null otherwise.
 */
export function cameraKeyIndex(event: {
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}): number | null {
  if (!event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return null;
  const match = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  return match ? Number(match[1]) - 1 : null;
}
