import { describe, expect, it } from 'vitest';
import { trendOf } from './fan-trend.ts';

describe('a figure against the period before', () => {
  it.each([
    [120, 100, { kind: 'percent', percent: 20, direction: 'up' }],
    [75, 100, { kind: 'percent', percent: 25, direction: 'down' }],
    [0, 8, { kind: 'percent', percent: 100, direction: 'down' }],
    [5, 0, { kind: 'new' }],
    [0, 0, { kind: 'same' }],
    [1001, 1000, { kind: 'same' }],
  ])('%d after %d', (current, previous, expected) => {
    expect(trendOf(current, previous)).toEqual(expected);
  });
});
