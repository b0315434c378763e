import { describe, expect, it } from 'vitest';
import { rangeErrors, snapToStep } from './clip-range.ts';

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
});
