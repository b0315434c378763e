import { FANS_MESSAGES } from '@regie/contract/fans';
import type { FanPlayBody, FanProduct, FanSelfUpdateBody } from '@regie/contract/fans.schemas';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BatchWriter } from '../common/batch-writer.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { fans } from '../db/fans.table.ts';
import { fanProducts, paymentOffers, productPaymentOffers, products } from '../db/payments.table.ts';
import { videos } from '../db/videos.table.ts';
import type { MicroCache } from '../http/http.cache.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { type FanActivityRow, type FanRef, recordActivity } from './fans.activities.ts';
import { presentSelf } from './fans.auth.ts';

export async function readSelf(db: Db, fan: FanRef) {
  const [row] = await db.select().from(fans).where(eq(fans.id, fan.fanId)).limit(1);
  if (!row) throw notFound(FANS_MESSAGES.notFound(fan.fanId));
  return presentSelf(row);
}

export async function updateSelf(db: Db, fan: FanRef, body: FanSelfUpdateBody) {
  if (Object.keys(body).length > 0) await db.update(fans).set(body).where(eq(fans.id, fan.fanId));
  return readSelf(db, fan);
}

/**
 * Whether the account owns a video or an event, as the plays ask: kept a second per account
 * (MICRO_CACHE_MS), dropped at once by the account's staff writes on this process (a deletion
 * refuses the next play here); a play another process accepted for what was deleted within that
 * second is written without its event, or dropped with its fan (recordActivities).
 */
export type PlayTargets = MicroCache<boolean>;

/**
 * Plays (one, or a player's batch reported together): every one checked to name the fan's
 * account's video and event first (404 naming the first that does not), then all handed to the
 * batch writer, written a second at a time rather than one insert per request (issue 28.4);
 * none is recorded when one is refused. Returns how many were recorded.
 */
export async function recordPlays(
  db: Db,
  writer: Pick<BatchWriter<FanActivityRow>, 'add'>,
  fan: FanRef,
  plays: readonly FanPlayBody[],
  targets: PlayTargets,
): Promise<number> {
  const owned = (table: typeof videos | typeof events, kind: 'video' | 'event', id: number) =>
    targets.get(fan.accountId, `${kind}:${id}`, async () => {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.accountId, fan.accountId)))
        .limit(1);
      return row !== undefined;
    });
  for (const body of plays) {
    if (body.videoId !== undefined && !(await owned(videos, 'video', body.videoId))) {
      throw notFound(FANS_MESSAGES.videoNotFound(body.videoId));
    }
    if (body.eventId !== undefined && !(await owned(events, 'event', body.eventId))) {
      throw notFound(FANS_MESSAGES.eventNotFound(body.eventId));
    }
  }
  const at = new Date();
  for (const body of plays) {
    writer.add({
      fan,
      activity: {
        type: 'play',
        payload: body.videoId === undefined ? {} : { videoId: body.videoId },
        eventId: body.eventId ?? null,
        at,
      },
    });
  }
  return plays.length;
}

/**
 * When a purchase made `at` ends, by the offer's billing period: a month or a year later (the
 * database's calendar: Jan 31 + 1 month is Feb 28/29), null for a one-time offer. The one rule,
 * used by purchases and by the demo seed.
 */
export function expirySql(billingPeriod: SQL, at: SQL): SQL {
  return sql`(case ${billingPeriod} when 'monthly' then ${at} + interval '1 month' when 'yearly' then ${at} + interval '1 year' else null end)`;
}

/**
 * A purchase through the local payment provider: the offer (active, the fan's account) grants
 * every product it is sold through; buying again renews them. Recorded as one 'purchase' activity.
 * A checkout paid at a provider (payments/checkout.ts) grants its offer even if it was taken off
 * sale meanwhile (`requireActive: false`): the fan paid for it.
 */
export async function purchase(
  db: Db,
  fan: FanRef,
  paymentOfferId: number,
  { requireActive = true }: { requireActive?: boolean } = {},
): Promise<FanProduct[]> {
  const [offer] = await db
    .select()
    .from(paymentOffers)
    .where(and(eq(paymentOffers.id, paymentOfferId), eq(paymentOffers.accountId, fan.accountId)))
    .limit(1);
  if (!offer) throw notFound(FANS_MESSAGES.offerNotFound(paymentOfferId));
  if (requireActive && !offer.active) throw new HttpError(409, FANS_MESSAGES.offerInactive);
  const sold = await db
    .select({ id: products.id, name: products.name })
    .from(productPaymentOffers)
    .innerJoin(products, eq(products.id, productPaymentOffers.productId))
    .where(eq(productPaymentOffers.paymentOfferId, offer.id));
  if (sold.length === 0) throw new HttpError(409, FANS_MESSAGES.offerSellsNothing);
  const now = new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const expiresAt = expirySql(sql`${offer.billingPeriod}::text`, at);
  const granted = await db
    .insert(fanProducts)
    .values(sold.map((product) => ({ fanId: fan.fanId, productId: product.id, purchasedAt: now, expiresAt })))
    .onConflictDoUpdate({
      target: [fanProducts.fanId, fanProducts.productId],
      set: { purchasedAt: now, expiresAt: sql`excluded.expires_at` },
    })
    .returning({ productId: fanProducts.productId, expiresAt: fanProducts.expiresAt });
  await recordActivity(db, fan, {
    type: 'purchase',
    payload: {
      paymentOfferId: offer.id,
      price: offer.price,
      currency: offer.currency,
      productIds: sold.map((product) => product.id),
    },
    at: now,
  });
  const iso = now.toISOString();
  return sold.map((product) => ({
    productId: product.id,
    name: product.name,
    purchasedAt: iso,
    expiresAt: granted.find((row) => row.productId === product.id)?.expiresAt?.toISOString() ?? null,
  }));
}
