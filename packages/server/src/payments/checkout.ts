import { randomUUID } from 'node:crypto';
import { embedPaths } from '@regie/contract/embed';
import type { FanCheckoutResponse, FanCheckoutState, FanProduct } from '@regie/contract/fans.schemas';
import type { BillingPeriod } from '@regie/contract/resources/payment-offers';
import {
  CHECKOUT_RETURN_PARAM,
  CHECKOUT_TTL_MS,
  type CheckoutProvider,
  type CheckoutState,
  LOCAL_CHECKOUT_PATH,
  VIEWER_ACCESS_MESSAGES,
} from '@regie/contract/viewer-access';
import { and, eq } from 'drizzle-orm';
import { Stripe } from 'stripe';
import type { Db } from '../db/database.ts';
import { fans } from '../db/fans.table.ts';
import { fanCheckouts, paymentOffers, productPaymentOffers } from '../db/payments.table.ts';
import { transaction } from '../db/transactions.ts';
import { EMBED_SOURCES } from '../embed/embed.sources.ts';
import type { EmbedTokens } from '../embed/embed.tokens.ts';
import type { FanContext } from '../fans/fans.auth.ts';
import { fanProductsOf } from '../fans/fans.details.ts';
import { purchase } from '../fans/fans.public.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { contentAccess } from '../playback/viewer-access.ts';

/** The offer a checkout sells, as a provider needs it. */
export interface CheckoutOffer {
  id: number;
  name: string;
  price: number;
  currency: string;
  billingPeriod: BillingPeriod;
  stripePriceId: string | null;
}

export interface CheckoutStart {
  checkoutId: string;
  offer: CheckoutOffer;
  email: string;
  language: 'en' | 'fr';
  /** Where the fan comes back (paid or not): the page, with ?checkout={id}. */
  returnUrl: string;
  /** This server as the fan's browser reaches it (the local provider's page is here). */
  origin: string;
}

/**
 * Who takes the fan's money: Stripe Checkout (the platform's key), or the local payment provider,
 * whose checkout page this server serves (payments/checkout.routes.ts) and which completes the
 * checkout itself when the fan pays there.
 */
export interface CheckoutPayments {
  readonly provider: CheckoutProvider;
  /** The provider's page to send the fan to, and its own id of the checkout. */
  start(input: CheckoutStart): Promise<{ url: string; providerRef: string | null }>;
  /** Whether the provider says the checkout is paid (asked when the fan comes back). */
  isPaid(providerRef: string): Promise<boolean>;
  /**
   * The provider's signed notice of a paid checkout (Stripe's webhook): the checkout it names, or
   * null for another event; throws when the signature is not the provider's.
   */
  paidNotice?(rawBody: Buffer, signature: string): { checkoutId: string; providerRef: string } | null;
}

/** The local payment provider: its checkout page is this server's; it completes what is paid there. */
export function localCheckout(): CheckoutPayments {
  return {
    provider: 'local',
    start: async ({ checkoutId, origin }) => ({
      url: `${origin}${LOCAL_CHECKOUT_PATH}/${checkoutId}`,
      providerRef: null,
    }),
    // The local page completes the checkout as it takes the payment: nothing more to ask.
    isPaid: async () => false,
  };
}

/** The Stripe events that say a checkout is paid (an asynchronous payment's success comes later). */
const PAID_EVENTS: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/**
 * Stripe Checkout (the official client), with the offer's Stripe price; with the webhook's signing
 * secret, its notices of paid checkouts are read too.
 */
export function stripeCheckout(secretKey: string, client?: Stripe, webhookSecret?: string | null): CheckoutPayments {
  const stripe = client ?? new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 10_000 });
  // Signature checks are local (no call to Stripe): the library's own, whatever the client.
  const webhooks = new Stripe(secretKey).webhooks;
  const paidNotice = (rawBody: Buffer, signature: string) => {
    const event = webhooks.constructEvent(rawBody, signature, webhookSecret ?? '');
    if (!PAID_EVENTS.has(event.type)) return null;
    const session = event.data.object as Stripe.Checkout.Session;
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    if (!paid || !session.client_reference_id) return null;
    return { checkoutId: session.client_reference_id, providerRef: session.id };
  };
  return {
    ...(webhookSecret ? { paidNotice } : {}),
    provider: 'stripe',
    async start({ checkoutId, offer, email, language, returnUrl }) {
      if (!offer.stripePriceId) throw new HttpError(409, VIEWER_ACCESS_MESSAGES.stripeNoPrice(offer.name));
      const session = await stripe.checkout.sessions.create({
        mode: offer.billingPeriod === 'one_time' ? 'payment' : 'subscription',
        line_items: [{ price: offer.stripePriceId, quantity: 1 }],
        success_url: returnUrl,
        cancel_url: returnUrl,
        client_reference_id: checkoutId,
        customer_email: email,
        locale: language,
        metadata: { regieCheckoutId: checkoutId },
      });
      if (!session.url) throw new Error('Stripe gave a Checkout Session without a URL');
      return { url: session.url, providerRef: session.id };
    },
    async isPaid(providerRef) {
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      return session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    },
  };
}

/** The page a checkout starts from: its club must be the fan's, and the offer one it sells. */
async function pageOffer(db: Db, tokens: EmbedTokens, fan: FanContext, pageToken: string, offerId: number) {
  const target = tokens.verify(pageToken);
  if (!target || target.accountId !== fan.accountId) throw notFound(VIEWER_ACCESS_MESSAGES.checkoutOffersOnly);
  const content = await EMBED_SOURCES[target.kind].content(db, target.accountId, target.id);
  if (!content?.published) throw notFound(VIEWER_ACCESS_MESSAGES.checkoutOffersOnly);
  const access = await contentAccess(db, target.accountId, target, content);
  if (!access?.offers.some((offer) => offer.id === offerId)) {
    throw new HttpError(400, VIEWER_ACCESS_MESSAGES.checkoutOffersOnly);
  }
  const [offer] = await db
    .select()
    .from(paymentOffers)
    .where(and(eq(paymentOffers.id, offerId), eq(paymentOffers.accountId, fan.accountId)))
    .limit(1);
  if (!offer) throw notFound(VIEWER_ACCESS_MESSAGES.checkoutOffersOnly);
  return { target, offer };
}

export interface CheckoutDeps {
  db: Db;
  tokens: EmbedTokens;
  payments: CheckoutPayments;
}

/**
 * POST /api/fan/checkouts: a checkout of an offer the page sells, for the signed-in fan of its
 * club; the fan is sent to the provider and comes back to the page with ?checkout={id}.
 */
export async function startCheckout(
  { db, tokens, payments }: CheckoutDeps,
  fan: FanContext,
  request: { paymentOfferId: number; pageToken: string; origin: string; language: 'en' | 'fr' },
): Promise<FanCheckoutResponse> {
  const { target, offer } = await pageOffer(db, tokens, fan, request.pageToken, request.paymentOfferId);
  const [owner] = await db.select({ email: fans.email }).from(fans).where(eq(fans.id, fan.fanId)).limit(1);
  const id = randomUUID();
  const page = `${request.origin}${embedPaths.page(target.kind, request.pageToken)}`;
  const returnUrl = `${page}?${CHECKOUT_RETURN_PARAM}=${id}`;
  await db.insert(fanCheckouts).values({
    id,
    accountId: fan.accountId,
    fanId: fan.fanId,
    paymentOfferId: offer.id,
    provider: payments.provider,
    returnUrl,
    price: offer.price,
    currency: offer.currency,
  });
  const started = await payments.start({
    checkoutId: id,
    offer: { ...offer, billingPeriod: offer.billingPeriod as BillingPeriod },
    email: owner?.email ?? '',
    language: request.language,
    returnUrl,
    origin: request.origin,
  });
  if (started.providerRef) {
    await db.update(fanCheckouts).set({ providerRef: started.providerRef }).where(eq(fanCheckouts.id, id));
  }
  return { id, provider: payments.provider, url: started.url };
}

/** A checkout row (null when unknown). */
export async function findCheckout(db: Db, id: string) {
  const [row] = await db.select().from(fanCheckouts).where(eq(fanCheckouts.id, id)).limit(1);
  return row ?? null;
}

export type CheckoutRow = NonNullable<Awaited<ReturnType<typeof findCheckout>>>;

/** True while a pending checkout may still be paid. */
export function checkoutOpen(row: CheckoutRow, now = Date.now()): boolean {
  return row.state === 'pending' && now - row.createdAt.getTime() < CHECKOUT_TTL_MS;
}

/**
 * Marks a pending checkout paid and grants its offer's products, in one transaction; the first of
 * the page's return, the provider's notice and the local page to see it paid does, the others
 * find it done. False when it was not pending.
 */
export async function completeCheckout(db: Db, id: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    const [claimed] = await tx
      .update(fanCheckouts)
      .set({ state: 'paid', paidAt: new Date(), updatedAt: new Date() })
      .where(and(eq(fanCheckouts.id, id), eq(fanCheckouts.state, 'pending')))
      .returning();
    if (!claimed) return false;
    await purchase(tx, { fanId: claimed.fanId, accountId: claimed.accountId }, claimed.paymentOfferId, {
      requireActive: false,
    });
    return true;
  });
}

/** Gives up a pending checkout (the fan cancelled at the provider). */
export async function cancelCheckout(db: Db, id: string): Promise<void> {
  await db
    .update(fanCheckouts)
    .set({ state: 'cancelled', updatedAt: new Date() })
    .where(and(eq(fanCheckouts.id, id), eq(fanCheckouts.state, 'pending')));
}

/** The products the fan holds through a paid checkout's offer. */
async function grantedBy(db: Db, row: CheckoutRow): Promise<FanProduct[]> {
  return (await fanProductsOf(db, row.fanId, await soldBy(db, row.paymentOfferId))).data;
}

async function soldBy(db: Db, offerId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: productPaymentOffers.productId })
    .from(productPaymentOffers)
    .where(eq(productPaymentOffers.paymentOfferId, offerId));
  return rows.map((row) => row.productId);
}

/**
 * POST /api/fan/checkouts/{id}/confirm: the fan back on the page. A pending checkout is asked of
 * its provider and completed when paid; the answer says its state and, once paid, what it granted.
 */
export async function confirmCheckout(
  { db, payments }: CheckoutDeps,
  fan: FanContext,
  id: string,
): Promise<FanCheckoutState> {
  let row = await findCheckout(db, id);
  if (!row || row.fanId !== fan.fanId) throw notFound(VIEWER_ACCESS_MESSAGES.checkoutNotFound);
  if (row.state === 'pending' && row.providerRef && row.provider === payments.provider) {
    if (await payments.isPaid(row.providerRef)) {
      await completeCheckout(db, id);
      row = (await findCheckout(db, id)) ?? row;
    }
  }
  const state = row.state as CheckoutState;
  return {
    id,
    state,
    paymentOfferId: row.paymentOfferId,
    products: state === 'paid' ? await grantedBy(db, row) : [],
  };
}
