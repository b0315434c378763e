import { describe, expect, it } from 'vitest';
import { autoInterval, bucketCount, bucketStart, bucketStarts, nextBucket, resolvePeriod } from './stats.ts';

const at = (iso: string) => new Date(iso);

describe('time buckets', () => {
  it('truncate in UTC, weeks from Monday, months from the 1st', () => {
    const sunday = at('2026-11-22T23:30:00Z');
    expect(bucketStart(sunday, 'hour').toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(bucketStart(sunday, 'day').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(bucketStart(sunday, 'week').toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(bucketStart(at('2026-11-23T00:00:00Z'), 'week').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(bucketStart(sunday, 'month').toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('step across month and year ends', () => {
    expect(nextBucket(at('2026-01-31T00:00:00Z'), 'day').toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(nextBucket(at('2026-12-01T00:00:00Z'), 'month').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextBucket(at('2026-12-28T00:00:00Z'), 'week').toISOString()).toBe('2027-01-04T00:00:00.000Z');
  });

  it('list every bucket of [from, to), the first one holding from', () => {
    const starts = bucketStarts(at('2026-10-01T06:00:00Z'), at('2026-10-04T00:00:00Z'), 'day');
    expect(starts.map((start) => start.toISOString().slice(0, 10))).toEqual(['2026-10-01', '2026-10-02', '2026-10-03']);
    expect(bucketCount(at('2026-10-01T06:00:00Z'), at('2026-10-04T00:00:01Z'), 'day')).toBe(4);
  });

  it('choose a readable interval and default to the last 30 days', () => {
    expect(autoInterval(at('2026-10-01T00:00:00Z'), at('2026-10-02T00:00:00Z'))).toBe('hour');
    expect(autoInterval(at('2026-10-01T00:00:00Z'), at('2026-12-30T00:00:00Z'))).toBe('day');
    expect(autoInterval(at('2026-01-01T00:00:00Z'), at('2026-12-01T00:00:00Z'))).toBe('week');
    expect(autoInterval(at('2025-01-01T00:00:00Z'), at('2026-12-01T00:00:00Z'))).toBe('month');
    const period = resolvePeriod({}, Date.parse('2026-11-23T12:00:00Z'));
    expect(period.from.toISOString()).toBe('2026-10-24T12:00:00.000Z');
    expect(period.interval).toBe('day');
  });
});
