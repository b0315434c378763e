import { z } from 'zod';
import { messageCatalog } from './messages.ts';

/**
 * The account's Stripe catalogue (spec §7 GET /main-api/paymentOffers/stripe?active=true&limit=100),
 * to tie a payment offer to a Stripe price.
 */
export const STRIPE_PRICES_PATH = '/main-api/paymentOffers/stripe';
/** Spec §9: the Stripe offers list asks for 100 at most. */
export const STRIPE_OFFERS_LIMIT = 100;

export const stripePricesQuery = z
  .object({
    active: z.enum(['true', 'false']).optional(),
    limit: z.coerce.number().int().min(1).max(STRIPE_OFFERS_LIMIT).default(STRIPE_OFFERS_LIMIT),
  })
  .strict();

/** One Stripe price, as the back-office shows it. */
export const stripePrice = z.object({
  id: z.string(),
  active: z.boolean(),
  nickname: z.string().nullable(),
  /** Cents; null for prices Stripe computes (tiers, metered). */
  unitAmount: z.number().nullable(),
  currency: z.string(),
  /** Null for a one-time price. */
  interval: z.enum(['day', 'week', 'month', 'year']).nullable(),
  productId: z.string(),
  productName: z.string().nullable(),
});
export type StripePrice = z.infer<typeof stripePrice>;

export const stripePricesResponse = z.object({ data: z.array(stripePrice), hasMore: z.boolean() });
export type StripePricesResponse = z.infer<typeof stripePricesResponse>;

export const STRIPE_MESSAGES = messageCatalog('STRIPE_MESSAGES', {
  notConfigured: 'Stripe is not configured',
  failed: (detail: string) => `Stripe did not answer: ${detail}`,
});
