import type { Camera, MulticamStatus, ProgramSwitch } from '@regie/contract/cameras';
import { describe, expect, it } from 'vitest';
import { reordered, withSwitch } from './program-state.ts';

const entry = (id: number, cameraId: number, at: string): ProgramSwitch => ({
  id,
  cameraId,
  inputId: cameraId * 10,
  at,
  userId: 7,
  username: 'lou',
});

const status = (switches: ProgramSwitch[]): MulticamStatus => ({
  kind: 'events',
  contentId: 3,
  programCameraId: switches[0]?.cameraId ?? null,
  cameras: [],
  switches,
  playback: { liveUrl: 'live', dvrUrl: 'dvr' },
});

describe('withSwitch', () => {
  const first = entry(1, 11, '2026-11-24T10:00:00.000Z');
  it('puts the switched camera on air and the switch at the top of the log', () => {
    const next = withSwitch(status([first]), entry(2, 12, '2026-11-24T10:01:00.000Z'));
    expect(next?.programCameraId).toBe(12);
    expect(next?.switches.map((item) => item.id)).toEqual([2, 1]);
  });
  it('ignores a switch already logged, and a program not read yet', () => {
    const before = status([first]);
    expect(withSwitch(before, first)).toBe(before);
    expect(withSwitch(undefined, first)).toBeUndefined();
  });
  it('files a late, older switch in its place without changing the camera on air', () => {
    const newer = entry(3, 13, '2026-11-24T10:02:00.000Z');
    const next = withSwitch(status([newer, first]), entry(2, 12, '2026-11-24T10:01:00.000Z'));
    expect(next?.programCameraId).toBe(13);
    expect(next?.switches.map((item) => item.id)).toEqual([3, 2, 1]);
  });
});

describe('reordered', () => {
  const cameras: Camera[] = [
    { id: 1, inputId: 10, label: 'Wide', position: 0 },
    { id: 2, inputId: 20, label: 'Tight', position: 1 },
    { id: 3, inputId: 30, label: 'Goal', position: 2 },
  ];
  it('swaps a camera with its neighbour, saving only the positions that change', () => {
    expect(reordered(cameras, 2, -1)).toEqual([
      { id: 3, position: 1 },
      { id: 2, position: 2 },
    ]);
    expect(reordered(cameras, 0, 1)).toEqual([
      { id: 2, position: 0 },
      { id: 1, position: 1 },
    ]);
  });
  it('numbers positions again when they were not consecutive', () => {
    const gaps = cameras.map((camera) => ({ ...camera, position: camera.position * 3 }));
    expect(reordered(gaps, 1, 1)).toEqual([
      { id: 3, position: 1 },
      { id: 2, position: 2 },
    ]);
  });
  it('moves nothing past either end', () => {
    expect(reordered(cameras, 0, -1)).toEqual([]);
    expect(reordered(cameras, 2, 1)).toEqual([]);
  });
});
