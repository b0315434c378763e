import { describe, expect, it } from 'vitest';
import { snapStart } from './chapter-playhead.ts';

describe('snapStart', () => {
  it('starts chapters on the hundredth of a second, never before 0', () => {
    expect(snapStart(10.004999)).toBe(10);
    expect(snapStart(12.345678)).toBe(12.35);
    expect(snapStart(-0.2)).toBe(0);
  });
});
