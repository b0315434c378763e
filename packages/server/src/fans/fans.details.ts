import { FAN_LIMITS } from '@regie/contract/fans';
import type { FanActivity, FanProduct } from '@regie/contract/fans.schemas';
import type { ListResponse } from '@regie/contract/resources/shapes';
import { and, asc, count, countDistinct, desc, eq, gt, gte, inArray, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { fanActivities, fanProfiles, fanSessions, fans, fanTags } from '../db/fans.table.ts';
import { fanProducts, products } from '../db/payments.table.ts';
import { tags } from '../db/tags.table.ts';

interface Page {
  after?: string | undefined;
  limit: number;
}

/** Rows read one more than shown: the extra one says there is a next page. */
function paged<Row extends { id: number }, Shown>(
  rows: Row[],
  page: Page,
  present: (row: Row) => Shown,
): ListResponse<Shown> {
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    data: shown.map(present),
    total: shown.length,
    offset: 0,
    limit: page.limit,
    nextCursor: rows.length > page.limit && last ? String(last.id) : null,
  };
}

export async function fanSessionsOf(db: Db, fanId: number, page: Page) {
  const where = and(eq(fanSessions.fanId, fanId), page.after ? lt(fanSessions.id, Number(page.after)) : undefined);
  const rows = await db
    .select()
    .from(fanSessions)
    .where(where)
    .orderBy(desc(fanSessions.id))
    .limit(page.limit + 1);
  const result = paged(rows, page, (row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
  }));
  const [counted] = await db.select({ total: count() }).from(fanSessions).where(eq(fanSessions.fanId, fanId));
  return { ...result, total: counted?.total ?? 0 };
}

export async function fanActivitiesOf(db: Db, fanId: number, page: Page): Promise<ListResponse<FanActivity>> {
  const where = and(eq(fanActivities.fanId, fanId), page.after ? lt(fanActivities.id, Number(page.after)) : undefined);
  const rows = await db
    .select()
    .from(fanActivities)
    .where(where)
    .orderBy(desc(fanActivities.id))
    .limit(page.limit + 1);
  const result = paged(rows, page, (row) => ({
    id: row.id,
    type: row.type,
    at: row.at.toISOString(),
    eventId: row.eventId,
    payload: row.payload,
  }));
  const [counted] = await db.select({ total: count() }).from(fanActivities).where(eq(fanActivities.fanId, fanId));
  return { ...result, total: counted?.total ?? 0 };
}

export async function fanTagsOf(db: Db, fanId: number) {
  const data = await db
    .select({ id: tags.id, name: tags.name, tagType: tags.tagType })
    .from(fanTags)
    .innerJoin(tags, eq(tags.id, fanTags.tagId))
    .where(eq(fanTags.fanId, fanId))
    .orderBy(asc(tags.name), asc(tags.id));
  return { data };
}

export async function addFanTag(db: Db, fanId: number, tagId: number): Promise<void> {
  await db.insert(fanTags).values({ fanId, tagId }).onConflictDoNothing();
}

export async function removeFanTag(db: Db, fanId: number, tagId: number): Promise<void> {
  await db.delete(fanTags).where(and(eq(fanTags.fanId, fanId), eq(fanTags.tagId, tagId)));
}

/** The products a fan holds, the latest bought first (only those of `only`, when given). */
export async function fanProductsOf(db: Db, fanId: number, only?: readonly number[]): Promise<{ data: FanProduct[] }> {
  const rows = await db
    .select({
      productId: fanProducts.productId,
      name: products.name,
      purchasedAt: fanProducts.purchasedAt,
      expiresAt: fanProducts.expiresAt,
    })
    .from(fanProducts)
    .innerJoin(products, eq(products.id, fanProducts.productId))
    .where(and(eq(fanProducts.fanId, fanId), only ? inArray(fanProducts.productId, [...only]) : undefined))
    .orderBy(desc(fanProducts.purchasedAt));
  return {
    data: rows.map((row) => ({
      ...row,
      purchasedAt: row.purchasedAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
    })),
  };
}

/** The events the fan took part in (plays, chat, games), the latest first. */
export async function fanEventsOf(db: Db, fanId: number) {
  const lastAt = max(fanActivities.at);
  const rows = await db
    .select({ eventId: events.id, name: events.name, activities: count(), lastAt })
    .from(fanActivities)
    .innerJoin(events, eq(events.id, fanActivities.eventId))
    .where(eq(fanActivities.fanId, fanId))
    .groupBy(events.id, events.name)
    .orderBy(desc(lastAt))
    .limit(FAN_LIMITS.pageMax);
  return {
    data: rows.map((row) => ({ ...row, lastAt: (row.lastAt ?? new Date(0)).toISOString() })),
  };
}

export interface Period {
  from: Date;
  to: Date;
}

/** The query's period, by default the last FAN_LIMITS.activeDaysDefault days. */
export function periodOf(query: { from?: string | undefined; to?: string | undefined }, now = new Date()): Period {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - FAN_LIMITS.activeDaysDefault * 86_400_000);
  return { from, to };
}

const present = (total: number, period: Period) => ({
  count: total,
  from: period.from.toISOString(),
  to: period.to.toISOString(),
});

/** Fans active in the period (their last activity in it). */
export async function countActives(db: Db, accountId: number, period: Period) {
  const [row] = await db
    .select({ total: count() })
    .from(fans)
    .where(and(eq(fans.accountId, accountId), gte(fans.lastActiveAt, period.from), lte(fans.lastActiveAt, period.to)));
  return present(row?.total ?? 0, period);
}

/** Fans who signed up in the period. */
export async function countNew(db: Db, accountId: number, period: Period) {
  const [row] = await db
    .select({ total: count() })
    .from(fans)
    .where(and(eq(fans.accountId, accountId), gte(fans.createdAt, period.from), lte(fans.createdAt, period.to)));
  return present(row?.total ?? 0, period);
}

/** Fans holding a product at the period's end (bought before it, not expired by then). */
export async function countSubscribed(db: Db, accountId: number, period: Period) {
  const [row] = await db
    .select({ total: countDistinct(fanProducts.fanId) })
    .from(fanProducts)
    .innerJoin(fans, eq(fans.id, fanProducts.fanId))
    .where(
      and(
        eq(fans.accountId, accountId),
        lte(fanProducts.purchasedAt, period.to),
        or(isNull(fanProducts.expiresAt), gt(fanProducts.expiresAt, period.to)),
      ),
    );
  return present(row?.total ?? 0, period);
}

/** Fans whose purchase (or renewal) falls in the period. */
export async function countNewSubscribed(db: Db, accountId: number, period: Period) {
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${fanProducts.fanId})::int` })
    .from(fanProducts)
    .innerJoin(fans, eq(fans.id, fanProducts.fanId))
    .where(
      and(
        eq(fans.accountId, accountId),
        gte(fanProducts.purchasedAt, period.from),
        lte(fanProducts.purchasedAt, period.to),
      ),
    );
  return present(Number(row?.total ?? 0), period);
}

/** What the CRM's filters and forms offer (its users may not read the tags and products resources). */
export async function fanOptions(db: Db, accountId: number) {
  const [tagRows, productRows, profileRows] = await Promise.all([
    db
      .select({ id: tags.id, name: tags.name, tagType: tags.tagType })
      .from(tags)
      .where(eq(tags.accountId, accountId))
      .orderBy(asc(tags.tagType), asc(tags.name), asc(tags.id))
      .limit(FAN_LIMITS.optionsMax),
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.accountId, accountId))
      .orderBy(asc(products.name), asc(products.id))
      .limit(FAN_LIMITS.optionsMax),
    db
      .select({ id: fanProfiles.id, name: fanProfiles.name })
      .from(fanProfiles)
      .where(eq(fanProfiles.accountId, accountId))
      .orderBy(asc(fanProfiles.name), asc(fanProfiles.id))
      .limit(FAN_LIMITS.optionsMax),
  ]);
  return { tags: tagRows, products: productRows, profiles: profileRows };
}
