import { describe, expect, it } from 'vitest';
import {
  clampToWindow,
  dvrWindow,
  formatBehind,
  latencySeconds,
  liveSlackSeconds,
  secondsBehindLive,
} from './live-math.ts';

const ranges = (...pairs: [number, number][]) => ({
  length: pairs.length,
  start: (index: number) => pairs[index]?.[0] ?? Number.NaN,
  end: (index: number) => pairs[index]?.[1] ?? Number.NaN,
});

describe('latencySeconds', () => {
  it('is now minus the playing frame’s wall-clock time, to a tenth', () => {
    const now = Date.parse('2026-11-24T10:00:10.000Z');
    expect(latencySeconds(new Date('2026-11-24T10:00:05.730Z'), now)).toBe(4.3);
  });
  it('is unknown without a date and never negative', () => {
    expect(latencySeconds(null, 0)).toBeNull();
    expect(latencySeconds(new Date('invalid'), 0)).toBeNull();
    expect(latencySeconds(new Date(2_000), 1_000)).toBe(0);
  });
});

describe('the DVR window', () => {
  it('spans the seekable ranges, and is none when empty or flat', () => {
    expect(dvrWindow(ranges([10, 40], [41, 95]))).toEqual({ start: 10, end: 95 });
    expect(dvrWindow(ranges())).toBeNull();
    expect(dvrWindow(ranges([5, 5]))).toBeNull();
  });
  it('measures how far behind the live edge the player is', () => {
    const window = { start: 0, end: 120 };
    expect(secondsBehindLive(60, window, 114)).toBe(54);
    // Without hls.js's edge, the window's end; an edge past the end is the end.
    expect(secondsBehindLive(60, window, null)).toBe(60);
    expect(secondsBehindLive(60, window, 500)).toBe(60);
    expect(secondsBehindLive(118, window, 114)).toBe(0);
  });
  it('keeps seeks inside the window', () => {
    const window = { start: 30, end: 90 };
    expect(clampToWindow(10, window)).toBe(30);
    expect(clampToWindow(100, window)).toBe(90);
    expect(clampToWindow(42.5, window)).toBe(42.5);
  });
  it('counts a few segments from the edge as live', () => {
    expect(liveSlackSeconds(1)).toBe(3);
    expect(liveSlackSeconds(2)).toBe(4);
  });
  it('writes the offset behind live', () => {
    expect(formatBehind(0.2)).toBe('0:00');
    expect(formatBehind(65)).toBe('-1:05');
    expect(formatBehind(720)).toBe('-12:00');
    expect(formatBehind(3723)).toBe('-1:02:03');
  });
});
