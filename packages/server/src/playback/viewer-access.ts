import type { EmbedAccess, EmbedOffer } from '@regie/contract/embed.schemas';
import type { EventState } from '@regie/contract/resources/events';
import { PAYMENT_RESTRICTION_MODULE, RESTRAINED_ACCESS_MODULE } from '@regie/contract/viewer-access';
import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { fanProducts, paymentOffers, productItems, productPaymentOffers, products } from '../db/payments.table.ts';
import { videos } from '../db/videos.table.ts';
import type { ContentRef } from '../live/program.ts';

/**
 * What a content's page asks of a viewer beyond their country (contract viewer-access.ts): a
 * signed-in fan of the club, and when `productIds` is not empty one holding one of them.
 */
export interface ContentAccess {
  /** The products any of which opens it (PAYMENT_RESTRICTION); empty: any signed-in fan. */
  productIds: number[];
  /** What the page shows a fan without one: the active offers those products are sold through. */
  offers: EmbedOffer[];
}

/** The page's `access` (contract embedAccess) of a content's access. */
export function accessOf(access: ContentAccess | null): EmbedAccess | null {
  return access && { signIn: true, paid: access.productIds.length > 0, offers: access.offers };
}

interface Playing {
  state: EventState;
  videoId: number | null;
  /** The content's own switch. */
  fansOnly: boolean;
}

/** The products of the account, active, that unlock the event (an event's page) or its replay's video. */
async function unlockingProducts(db: Db, accountId: number, content: ContentRef, videoId: number | null) {
  const items: SQL[] = [];
  if (content.kind === 'events') {
    items.push(and(eq(productItems.itemType, 'event'), eq(productItems.itemId, content.id)) as SQL);
  }
  if (videoId !== null) items.push(and(eq(productItems.itemType, 'video'), eq(productItems.itemId, videoId)) as SQL);
  if (items.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: products.id })
    .from(productItems)
    .innerJoin(products, eq(products.id, productItems.productId))
    .where(and(eq(products.accountId, accountId), eq(products.active, true), or(...items)))
    .orderBy(asc(products.id));
  return rows.map((row) => row.id);
}

/** The active offers the products are sold through: highlighted first, then the cheapest. */
async function offersOf(db: Db, productIds: readonly number[]): Promise<EmbedOffer[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({
      id: paymentOffers.id,
      name: paymentOffers.name,
      description: paymentOffers.description,
      price: paymentOffers.price,
      currency: paymentOffers.currency,
      billingPeriod: paymentOffers.billingPeriod,
    })
    .from(productPaymentOffers)
    .innerJoin(paymentOffers, eq(paymentOffers.id, productPaymentOffers.paymentOfferId))
    .where(and(inArray(productPaymentOffers.productId, [...productIds]), eq(paymentOffers.active, true)))
    .orderBy(desc(productPaymentOffers.highlighted), asc(paymentOffers.price), asc(paymentOffers.id));
  const seen = new Set<number>();
  return rows.flatMap((row) => {
    if (seen.has(row.id)) return [];
    seen.add(row.id);
    return [{ ...row, billingPeriod: row.billingPeriod as EmbedOffer['billingPeriod'] }];
  });
}

/**
 * What a content's page asks of a viewer (contract viewer-access.ts DECISION): with
 * RESTRAINED_ACCESS, its own switch or (its replay) its video's; with PAYMENT_RESTRICTION, the
 * active products that unlock the event or (its replay) its video. Null: anyone may watch.
 */
export async function contentAccess(
  db: Db,
  accountId: number,
  content: ContentRef,
  playing: Playing,
): Promise<ContentAccess | null> {
  const [account] = await db
    .select({ modules: accounts.modules })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  const restrained = account?.modules.includes(RESTRAINED_ACCESS_MODULE) ?? false;
  const payments = account?.modules.includes(PAYMENT_RESTRICTION_MODULE) ?? false;
  if (!restrained && !payments) return null;
  // The live is the event's; its replay is also the video's (which a pass may list on its own).
  const videoId = playing.state === 'live' ? null : playing.videoId;
  let fansOnly = restrained && playing.fansOnly;
  if (restrained && !fansOnly && videoId !== null) {
    const [video] = await db
      .select({ fansOnly: videos.fansOnly })
      .from(videos)
      .where(and(eq(videos.id, videoId), eq(videos.accountId, accountId)))
      .limit(1);
    fansOnly = video?.fansOnly ?? false;
  }
  const productIds = payments ? await unlockingProducts(db, accountId, content, videoId) : [];
  if (!fansOnly && productIds.length === 0) return null;
  return { productIds, offers: await offersOf(db, productIds) };
}

/** True when the fan holds one of the products now (bought, not expired). */
export async function fanHolds(db: Db, fanId: number, productIds: readonly number[], now = new Date()) {
  if (productIds.length === 0) return true;
  const [held] = await db
    .select({ productId: fanProducts.productId })
    .from(fanProducts)
    .where(
      and(
        eq(fanProducts.fanId, fanId),
        inArray(fanProducts.productId, [...productIds]),
        or(isNull(fanProducts.expiresAt), gt(fanProducts.expiresAt, now)),
      ),
    )
    .limit(1);
  return held !== undefined;
}
