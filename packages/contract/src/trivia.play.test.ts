import { describe, expect, it } from 'vitest';
import { periodOf, shiftDay, shiftMonth } from './trivia.play.ts';

describe('ranking periods', () => {
  it.each([
    ['2026-11-23', '2026-11-23', '2026-11-30'], // a Monday: its own week
    ['2026-11-29', '2026-11-23', '2026-11-30'], // a Sunday: the week that began the Monday before
    ['2027-01-01', '2026-12-28', '2027-01-04'], // across the new year
  ])('the week of %s runs from %s to %s (UTC)', (day, from, to) => {
    const period = periodOf('week', day);
    expect([period.from.toISOString().slice(0, 10), period.to.toISOString().slice(0, 10)]).toEqual([from, to]);
  });

  it('a month runs from its first day to the next month’s', () => {
    const period = periodOf('month', '2026-12-15');
    expect(period).toEqual({ from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') });
  });

  it('defaults to today', () => {
    expect(periodOf('week', undefined, new Date('2026-11-25T22:00:00Z')).from).toEqual(
      new Date('2026-11-23T00:00:00Z'),
    );
  });

  it('steps a period back and forth', () => {
    expect(shiftDay('2026-11-23', -7)).toBe('2026-11-16');
    expect(shiftMonth('2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftMonth('2026-12-10', 1)).toBe('2027-01-01');
  });
});
