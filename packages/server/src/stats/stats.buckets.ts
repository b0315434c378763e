import { bucketStarts, type StatsInterval } from '@regie/contract/stats';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The interval names PostgreSQL's date_trunc takes, by ours (never text from a request). */
const DATE_TRUNC: Readonly<Record<StatsInterval, SQL>> = {
  hour: sql.raw(`'hour'`),
  day: sql.raw(`'day'`),
  week: sql.raw(`'week'`),
  month: sql.raw(`'month'`),
};

/** The UTC bucket a time falls in, as an ISO string (contract stats.ts bucketStart, in SQL). */
export function bucketOf(time: AnyColumn | SQL, interval: StatsInterval): SQL<string> {
  return sql<string>`to_char(date_trunc(${DATE_TRUNC[interval]}, ${time} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

export const countAll = sql<number>`count(*)::int`;

/** time in [from, to). */
export function within(time: AnyColumn | SQL, from: Date, to: Date): SQL {
  return sql`(${time} >= ${from.toISOString()}::timestamptz and ${time} < ${to.toISOString()}::timestamptz)`;
}

export interface Period {
  from: Date;
  to: Date;
  interval: StatsInterval;
}

/** Counts by bucket (rows of { bucket, count }) as a map keyed by the bucket's ISO start. */
export function byBucket(rows: readonly { bucket: string; count: number }[]): Map<string, number> {
  return new Map(rows.map((row) => [new Date(row.bucket).toISOString(), row.count]));
}

/**
 * One point per bucket of the period, made by `point` from the bucket's ISO start (callers read
 * their maps with `?? 0`), so charts get a regular time axis.
 */
export function series<Point>(period: Period, point: (at: string) => Point): Point[] {
  return bucketStarts(period.from, period.to, period.interval).map((start) => point(start.toISOString()));
}

export function sum(map: Map<string, number>): number {
  let total = 0;
  for (const value of map.values()) total += value;
  return total;
}
