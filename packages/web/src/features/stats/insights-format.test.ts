import { describe, expect, it } from 'vitest';
import { insightsFormat } from './insights-format.ts';

describe('insights format', () => {
  it('writes numbers and dates in the language', () => {
    expect(insightsFormat('fr').number(12345.5)).toMatch(/^12\s345,5$/);
    expect(insightsFormat('en').number(12345.5)).toBe('12,345.5');
    expect(insightsFormat('fr').bucket('2026-10-01T00:00:00.000Z', 'month')).toMatch(/oct\.? 2026/);
    expect(insightsFormat('en').bucket('2026-10-01T00:00:00.000Z', 'day')).toBe('Oct 1');
  });
});
