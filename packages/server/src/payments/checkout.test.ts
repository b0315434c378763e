import type { Stripe } from 'stripe';
import { describe, expect, it } from 'vitest';
import { amountText, cardOutcome } from './checkout.routes.ts';
import { stripeCheckout } from './checkout.ts';

const offer = { id: 3, name: 'Match pass', price: 999, currency: 'EUR', stripePriceId: 'price_123' } as const;
const start = {
  checkoutId: 'c0ffee00-0000-4000-8000-000000000000',
  email: 'fan@example.test',
  language: 'fr' as const,
  returnUrl: 'https://regie.example/embed/events/abc?checkout=c0ffee00-0000-4000-8000-000000000000',
  origin: 'https://regie.example',
};

/** The part of Stripe's client a checkout uses, recording what it was asked. */
function fakeStripe(paymentStatus = 'paid') {
  const created: Stripe.Checkout.SessionCreateParams[] = [];
  const client = {
    checkout: {
      sessions: {
        create: async (params: Stripe.Checkout.SessionCreateParams) => {
          created.push(params);
          return { id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' };
        },
        retrieve: async (id: string) => ({ id, payment_status: paymentStatus }),
      },
    },
  } as unknown as Stripe;
  return { client, created };
}

describe('Stripe Checkout', () => {
  it("sells the offer's Stripe price, once or as a subscription, back to the page either way", async () => {
    const { client, created } = fakeStripe();
    const stripe = stripeCheckout('sk_test_x', client);
    const once = await stripe.start({ ...start, offer: { ...offer, billingPeriod: 'one_time' } });
    expect(once).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1', providerRef: 'cs_test_1' });
    expect(created[0]).toMatchObject({
      mode: 'payment',
      line_items: [{ price: 'price_123', quantity: 1 }],
      success_url: start.returnUrl,
      cancel_url: start.returnUrl,
      client_reference_id: start.checkoutId,
      customer_email: start.email,
      locale: 'fr',
    });
    await stripe.start({ ...start, offer: { ...offer, billingPeriod: 'yearly' } });
    expect(created[1]?.mode).toBe('subscription');
    await expect(stripe.isPaid('cs_test_1')).resolves.toBe(true);
    await expect(stripeCheckout('sk', fakeStripe('unpaid').client).isPaid('cs_test_1')).resolves.toBe(false);
  });

  it('refuses an offer without a Stripe price (409), saying which', async () => {
    const stripe = stripeCheckout('sk_test_x', fakeStripe().client);
    await expect(
      stripe.start({ ...start, offer: { ...offer, stripePriceId: null, billingPeriod: 'one_time' } }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('the local payment provider', () => {
  it("pays with Stripe's test card, declines the declined one, refuses any other number", () => {
    expect(cardOutcome('4242 4242 4242 4242')).toBe('paid');
    expect(cardOutcome('4000-0000-0000-0002')).toBe('declined');
    expect(cardOutcome('4111111111111111')).toBe('invalid');
    expect(cardOutcome('')).toBe('invalid');
  });

  it('says the amount as the fan reads it', () => {
    expect(amountText(999, 'EUR', 'fr')).toMatch(/^9,99\s€$/);
    expect(amountText(999, 'EUR', 'en')).toBe('€9.99');
    expect(amountText(12000, 'GBP', 'en')).toBe('£120.00');
  });
});
