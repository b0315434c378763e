import { describe, expect, it } from 'vitest';
import { liveSecondsAt, rangeErrors, snapToStep } from './clip-range.ts';

describe('clip range', () => {
  it('snaps times to the 0.04 s step without float noise', () => {
    expect(snapToStep(1.23)).toBe(1.24);
    expect(snapToStep(0.3)).toBe(0.32);
    expect(snapToStep(2.5)).toBe(2.52);
    expect(snapToStep(-1)).toBe(0);
    expect(snapToStep(12)).toBe(12);
  });

  it('accepts in < out ≤ duration', () => {
    expect(rangeErrors(0.5, 2, 4)).toEqual({});
    expect(rangeErrors(0, 4, 4)).toEqual({});
  });

  it('refuses a missing point, an out not after in, beyond the video or too long', () => {
    expect(rangeErrors(null, null, 4)).toEqual({ in: 'clips.ui.inRequired', out: 'clips.ui.outRequired' });
    expect(rangeErrors(2, 2, 4)).toEqual({ out: 'clips.ui.outBeforeIn' });
    expect(rangeErrors(1, 4.04, 4)).toEqual({ out: 'clips.ui.outBeyondDuration' });
    expect(rangeErrors(0, 601, null)).toEqual({ out: 'clips.ui.tooLong' });
  });

  it('keeps a live clip inside its DVR window, with the server’s 0.05 s tolerance', () => {
    const live = { fromSeconds: 30, toSeconds: 95.5 };
    expect(rangeErrors(30, 95.5, null, live)).toEqual({});
    expect(rangeErrors(29.96, 95.54, null, live)).toEqual({});
    expect(rangeErrors(29.9, 40, null, live)).toEqual({ in: 'clips.ui.inBeforeWindow' });
    expect(rangeErrors(40, 95.6, null, live)).toEqual({ out: 'clips.ui.outBeyondWindow' });
    expect(rangeErrors(29, 28, null, live)).toEqual({ in: 'clips.ui.inBeforeWindow', out: 'clips.ui.outBeforeIn' });
    expect(rangeErrors(30, 95, null, { fromSeconds: 0, toSeconds: 700 })).toEqual({});
    expect(rangeErrors(0, 601, null, { fromSeconds: 0, toSeconds: 700 })).toEqual({ out: 'clips.ui.tooLong' });
  });

  it('maps the frame on screen to seconds from the live’s start', () => {
    const origin = '2026-11-25T01:00:00.000Z';
    expect(liveSecondsAt(new Date('2026-11-25T01:01:05.480Z'), origin)).toBe(65.48);
    expect(liveSecondsAt(new Date('2026-11-25T01:00:00.000Z'), origin)).toBe(0);
    expect(liveSecondsAt(null, origin)).toBeNull();
    expect(liveSecondsAt(new Date('2026-11-25T01:00:10Z'), null)).toBeNull();
    expect(liveSecondsAt(new Date('2026-11-25T01:00:10Z'), 'not a date')).toBeNull();
  });
});
