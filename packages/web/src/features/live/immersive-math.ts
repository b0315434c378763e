/**
 * Where the 360° viewer looks (pure, unit-tested in immersive-math.test.ts): yaw across and
 * pitch up in degrees, moved by dragging (the picture follows the pointer) or the arrow keys.
 */
export interface View {
  /** -180 (exclusive) to 180. */
  yaw: number;
  /** -85 to 85: straight up or down would spin the picture. */
  pitch: number;
}

export const INITIAL_VIEW: View = { yaw: 0, pitch: 0 };
/** The viewer's vertical field of view. */
export const FIELD_OF_VIEW_DEGREES = 75;
export const PITCH_LIMIT = 85;
export const ARROW_STEP_DEGREES = 5;

/** An angle in (-180, 180]. */
export function normaliseYaw(degrees: number): number {
  const wrapped = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 ? 180 : wrapped;
}

export function clampPitch(degrees: number): number {
  return Math.max(-PITCH_LIMIT, Math.min(PITCH_LIMIT, degrees));
}

/**
 * The view after dragging by (dx, dy) pixels over a viewer `height` pixels high: a drag across
 * the whole height turns by the field of view, and the picture follows the pointer (dragging
 * right looks left, dragging down looks up).
 */
export function dragged(view: View, dx: number, dy: number, height: number): View {
  const perPixel = FIELD_OF_VIEW_DEGREES / Math.max(1, height);
  return { yaw: normaliseYaw(view.yaw - dx * perPixel), pitch: clampPitch(view.pitch + dy * perPixel) };
}

/** The view after an arrow key, or null for another key. */
export function arrowed(view: View, key: string): View | null {
  const step = ARROW_STEP_DEGREES;
  switch (key) {
    case 'ArrowLeft':
      return { ...view, yaw: normaliseYaw(view.yaw - step) };
    case 'ArrowRight':
      return { ...view, yaw: normaliseYaw(view.yaw + step) };
    case 'ArrowUp':
      return { ...view, pitch: clampPitch(view.pitch + step) };
    case 'ArrowDown':
      return { ...view, pitch: clampPitch(view.pitch - step) };
    default:
      return null;
  }
}
