import { STRIPE_OFFERS_LIMIT, type StripePrice, type StripePricesResponse } from '@regie/contract/payments';
import { Stripe } from 'stripe';

/** What the back-office reads of Stripe: its prices, one page. Tests give their own. */
export interface StripePrices {
  list(query: { active?: boolean; limit: number }): Promise<StripePricesResponse>;
}

const INTERVALS = ['day', 'week', 'month', 'year'] as const;
type Interval = (typeof INTERVALS)[number];

function isInterval(value: string): value is Interval {
  return (INTERVALS as readonly string[]).includes(value);
}

/** One Stripe price as the contract says it (contract payments.ts stripePrice). */
export function toStripePrice(price: Stripe.Price): StripePrice {
  const product = typeof price.product === 'string' ? null : price.product;
  const interval = price.recurring?.interval;
  return {
    id: price.id,
    active: price.active,
    nickname: price.nickname,
    unitAmount: price.unit_amount,
    currency: price.currency.toUpperCase(),
    interval: interval && isInterval(interval) ? interval : null,
    productId: typeof price.product === 'string' ? price.product : price.product.id,
    // A deleted product keeps its id only.
    productName: product && !('deleted' in product && product.deleted) && 'name' in product ? product.name : null,
  };
}

/** The official client, with the secret key of REGIE_STRIPE_SECRET_KEY. */
export function stripePrices(secretKey: string): StripePrices {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 10_000 });
  return {
    async list({ active, limit }) {
      const page = await stripe.prices.list({
        limit: Math.min(limit, STRIPE_OFFERS_LIMIT),
        expand: ['data.product'],
        ...(active === undefined ? {} : { active }),
      });
      return { data: page.data.map(toStripePrice), hasMore: page.has_more };
    },
  };
}
