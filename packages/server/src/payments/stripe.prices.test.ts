import type { Stripe } from 'stripe';
import { describe, expect, it } from 'vitest';
import { toStripePrice } from './stripe.prices.ts';

/** The fields the mapping reads, with the rest of a Stripe price left out. */
function price(overrides: Partial<Stripe.Price>): Stripe.Price {
  return {
    id: 'price_1',
    object: 'price',
    active: true,
    nickname: null,
    unit_amount: 9900,
    currency: 'eur',
    recurring: null,
    product: 'prod_1',
    ...overrides,
  } as Stripe.Price;
}

describe('toStripePrice', () => {
  it('maps a yearly price with its expanded product', () => {
    const yearly = price({
      nickname: 'Season pass',
      recurring: { interval: 'year', interval_count: 1 } as Stripe.Price.Recurring,
      product: { id: 'prod_1', object: 'product', name: 'Riverside TV' } as Stripe.Product,
    });
    expect(toStripePrice(yearly)).toEqual({
      id: 'price_1',
      active: true,
      nickname: 'Season pass',
      unitAmount: 9900,
      currency: 'EUR',
      interval: 'year',
      productId: 'prod_1',
      productName: 'Riverside TV',
    });
  });

  it('maps a one-time price whose product was not expanded, or was deleted', () => {
    expect(toStripePrice(price({ unit_amount: null }))).toMatchObject({
      interval: null,
      unitAmount: null,
      productId: 'prod_1',
      productName: null,
    });
    const deleted = price({ product: { id: 'prod_2', object: 'product', deleted: true } as Stripe.DeletedProduct });
    expect(toStripePrice(deleted)).toMatchObject({ productId: 'prod_2', productName: null });
  });
});
