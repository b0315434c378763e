import { describe, expect, it } from 'vitest';
import { arrowed, clampPitch, dragged, FIELD_OF_VIEW_DEGREES, INITIAL_VIEW, normaliseYaw } from './immersive-math.ts';

describe('the 360° view', () => {
  it('wraps the yaw around and stops the pitch short of the poles', () => {
    expect(normaliseYaw(190)).toBe(-170);
    expect(normaliseYaw(-190)).toBe(170);
    expect(normaliseYaw(-180)).toBe(180);
    expect(normaliseYaw(720 + 30)).toBe(30);
    expect(clampPitch(120)).toBe(85);
    expect(clampPitch(-120)).toBe(-85);
  });
  it('turns by the field of view for a drag across the viewer’s height, following the pointer', () => {
    expect(dragged(INITIAL_VIEW, 400, 0, 400)).toEqual({ yaw: -FIELD_OF_VIEW_DEGREES, pitch: 0 });
    expect(dragged(INITIAL_VIEW, 0, 200, 400)).toEqual({ yaw: 0, pitch: FIELD_OF_VIEW_DEGREES / 2 });
    expect(dragged({ yaw: 0, pitch: 80 }, 0, 400, 400).pitch).toBe(85);
  });
  it('moves by steps with the arrow keys and ignores other keys', () => {
    expect(arrowed(INITIAL_VIEW, 'ArrowRight')).toEqual({ yaw: 5, pitch: 0 });
    expect(arrowed({ yaw: -178, pitch: 0 }, 'ArrowLeft')).toEqual({ yaw: 177, pitch: 0 });
    expect(arrowed(INITIAL_VIEW, 'ArrowUp')).toEqual({ yaw: 0, pitch: 5 });
    expect(arrowed({ yaw: 0, pitch: -84 }, 'ArrowDown')).toEqual({ yaw: 0, pitch: -85 });
    expect(arrowed(INITIAL_VIEW, 'Enter')).toBeNull();
  });
});
