import { describe, expect, it } from 'vitest';
import { moved } from './ChallengersTab.tsx';
import { readableOn } from './PlayerPreview.tsx';

describe('moved', () => {
  it('moves one challenger up or down, and leaves the list as it was at either end', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe('readableOn', () => {
  it('writes black on light theme colours and white on dark ones', () => {
    expect(readableOn('#F5B700')).toBe('#000000');
    expect(readableOn('#0ACAFF')).toBe('#000000');
    expect(readableOn('#14213D')).toBe('#FFFFFF');
    expect(readableOn('not a colour')).toBe('#FFFFFF');
  });
});
