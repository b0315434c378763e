import { describe, expect, it } from 'vitest';
import { formatDuration } from './video-cells.ts';

describe('video list cells', () => {
  it('formats a duration as m:ss, or h:mm:ss from an hour on', () => {
    expect(formatDuration(4.04)).toBe('0:04');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(3_723)).toBe('1:02:03');
  });
});
