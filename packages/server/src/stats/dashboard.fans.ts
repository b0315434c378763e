import type { DashboardFanFigures, DashboardFans } from '@regie/contract/dashboard';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fanActivities, fans } from '../db/fans.table.ts';
import { fanProducts } from '../db/payments.table.ts';
import { countSubscribed } from '../fans/fans.details.ts';
import { bucketOf, byBucket, type Period, series, sum, within } from './stats.buckets.ts';

/**
 * The dashboard's fans (issue 13): fans active (any activity), new (signed up) and buying (a
 * product bought or renewed) in the period and by bucket, the fans holding a product at its end,
 * and the same figures over the period just before, for the trend.
 */

const distinctFans = (column: typeof fanActivities.fanId | typeof fanProducts.fanId) =>
  sql<number>`count(distinct ${column})::int`;

/** Distinct fans with an activity, by bucket, and over the whole period. */
async function active(db: Db, accountId: number, period: Period) {
  const where = and(eq(fanActivities.accountId, accountId), within(fanActivities.at, period.from, period.to));
  const bucket = bucketOf(fanActivities.at, period.interval);
  const [rows, [total]] = await Promise.all([
    db
      .select({ bucket, count: distinctFans(fanActivities.fanId) })
      .from(fanActivities)
      .where(where)
      .groupBy(bucket),
    db
      .select({ count: distinctFans(fanActivities.fanId) })
      .from(fanActivities)
      .where(where),
  ]);
  return { byBucket: byBucket(rows), total: total?.count ?? 0 };
}

async function signedUp(db: Db, accountId: number, period: Period) {
  const bucket = bucketOf(fans.createdAt, period.interval);
  const rows = await db
    .select({ bucket, count: sql<number>`count(*)::int` })
    .from(fans)
    .where(and(eq(fans.accountId, accountId), within(fans.createdAt, period.from, period.to)))
    .groupBy(bucket);
  const counts = byBucket(rows);
  return { byBucket: counts, total: sum(counts) };
}

/** Distinct fans buying, by bucket, and over the whole period. */
async function buying(db: Db, accountId: number, period: Period) {
  const where = and(eq(fans.accountId, accountId), within(fanProducts.purchasedAt, period.from, period.to));
  const bucket = bucketOf(fanProducts.purchasedAt, period.interval);
  const count = distinctFans(fanProducts.fanId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ bucket, count })
      .from(fanProducts)
      .innerJoin(fans, eq(fans.id, fanProducts.fanId))
      .where(where)
      .groupBy(bucket),
    db.select({ count }).from(fanProducts).innerJoin(fans, eq(fans.id, fanProducts.fanId)).where(where),
  ]);
  return { byBucket: byBucket(rows), total: total?.count ?? 0 };
}

async function figures(db: Db, accountId: number, period: Period) {
  const [activeFans, newFans, buyers, subscribed] = await Promise.all([
    active(db, accountId, period),
    signedUp(db, accountId, period),
    buying(db, accountId, period),
    countSubscribed(db, accountId, period),
  ]);
  const totals: DashboardFanFigures = {
    active: activeFans.total,
    new: newFans.total,
    subscribed: subscribed.count,
    newSubscriptions: buyers.total,
  };
  return { totals, activeFans, newFans, buyers };
}

export async function dashboardFans(db: Db, accountId: number, period: Period): Promise<DashboardFans> {
  const length = period.to.getTime() - period.from.getTime();
  const before: Period = { from: new Date(period.from.getTime() - length), to: period.from, interval: period.interval };
  const [now, previous] = await Promise.all([figures(db, accountId, period), figures(db, accountId, before)]);
  return {
    ...now.totals,
    previous: previous.totals,
    series: series(period, (at) => ({
      at,
      active: now.activeFans.byBucket.get(at) ?? 0,
      new: now.newFans.byBucket.get(at) ?? 0,
      subscriptions: now.buyers.byBucket.get(at) ?? 0,
    })),
  };
}
