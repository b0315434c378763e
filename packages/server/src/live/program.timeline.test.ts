import { describe, expect, it } from 'vitest';
import { clipIntervals, programIntervals } from './program.timeline.ts';

const t = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 20, 0, seconds));
const s = (inputId: number, at: number, effective: number | null) => ({
  inputId,
  at: t(at),
  effectiveAt: effective === null ? null : t(effective),
});
const plain = (intervals: ReturnType<typeof programIntervals>) =>
  intervals.map((interval) => [interval.inputId, interval.from.getUTCSeconds(), interval.to?.getUTCSeconds() ?? null]);

describe('programIntervals', () => {
  it('switches at the new camera’s next segment, the old one on air until then', () => {
    expect(plain(programIntervals([s(1, 0, 1), s(2, 10, 11), s(1, 20, 22)]))).toEqual([
      [1, 1, 11],
      [2, 11, 22],
      [1, 22, null],
    ]);
  });

  it('keeps the camera on air while the next one sends nothing', () => {
    expect(plain(programIntervals([s(1, 0, 0), s(2, 10, null)]))).toEqual([[1, 0, null]]);
  });

  it('drops a switch overtaken before it aired, and merges a switch to the camera on air', () => {
    expect(plain(programIntervals([s(1, 0, 0), s(2, 10, 14), s(3, 12, 13), s(3, 20, 20)]))).toEqual([
      [1, 0, 13],
      [3, 13, null],
    ]);
  });

  it('has no program before the first segment of the first camera', () => {
    expect(programIntervals([s(1, 0, null)])).toEqual([]);
    expect(programIntervals([])).toEqual([]);
  });
});

describe('clipIntervals', () => {
  it('keeps the parts inside the window', () => {
    const intervals = programIntervals([s(1, 0, 0), s(2, 10, 10), s(1, 20, 20)]);
    expect(plain(clipIntervals(intervals, { from: t(5), to: t(15) }))).toEqual([
      [1, 5, 10],
      [2, 10, 15],
    ]);
    expect(plain(clipIntervals(intervals, { from: t(25) }))).toEqual([[1, 25, null]]);
    expect(clipIntervals(intervals, { to: t(0) })).toEqual([]);
  });
});
