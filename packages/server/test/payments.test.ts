import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import { STRIPE_MESSAGES, STRIPE_PRICES_PATH, type StripePricesResponse } from '@regie/contract/payments';
import { ITEM_LINK_MESSAGES } from '@regie/contract/resources/item-links';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/events.table.ts';
import { fans as fanTable } from '../src/db/fans.table.ts';
import { fanProducts, products } from '../src/db/payments.table.ts';
import { videos } from '../src/db/videos.table.ts';
import type { StripePrices } from '../src/payments/stripe.prices.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/** Payment offers, products (their offers, items and fans) and the Stripe catalogue. */

let ctx: TestContext;
let manager: string;
let stranger: string;
beforeAll(async () => {
  // No REGIE_STRIPE_SECRET_KEY here: the Stripe catalogue is not configured.
  ctx = await createTestContext();
  manager = await ctx.login('usermanager');
  const other = await ctx.buildUser({ roles: ['payment_offer_write'], modules: [...MODULE_CODES] });
  stranger = await ctx.login(other.username, other.password);
});
afterAll(() => ctx.close());

const post = (url: string, token: string, payload: unknown) => ctx.request({ method: 'POST', url, token, payload });
const product = async (name: string) =>
  (await ctx.request({ url: `/main-api/products?search=${encodeURIComponent(name)}`, token: manager })).json().data[0];

describe('payment offers', () => {
  it('keeps prices in cents, never below zero', async () => {
    const offers = (await ctx.request({ url: '/main-api/payment-offers?sort=price', token: manager })).json();
    expect(offers.data.map((offer: { name: string; price: number }) => [offer.name, offer.price])).toEqual([
      ['Match pass', 499],
      ['Monthly pass', 1299],
      ['Season pass', 9900],
    ]);
    const negative = await post('/main-api/payment-offers', manager, { name: 'Refund', price: -1 });
    expect(negative.json().errors[0].path).toBe('price');
    expect((await post('/main-api/payment-offers', manager, { name: 'Half', price: 4.5 })).statusCode).toBe(400);
  });
});

describe("a product's offers, items and fans", () => {
  it('lists the offers a product is sold through, the highlighted one first', async () => {
    const season = await product('Riverside TV');
    const offers = (
      await ctx.request({ url: `/main-api/products/${season.id}/paymentOffers?expand=[PaymentOffer]`, token: manager })
    ).json();
    expect(
      offers.data.map((link: { PaymentOffer: { name: string }; highlighted: boolean }) => [
        link.PaymentOffer.name,
        link.highlighted,
      ]),
    ).toEqual([
      ['Season pass', true],
      ['Monthly pass', false],
    ]);
  });

  it("refuses another account's offer", async () => {
    const season = await product('Riverside TV');
    const foreign = (await post('/main-api/payment-offers', stranger, { name: 'Foreign pass', price: 100 })).json();
    const refused = await post(`/main-api/products/${season.id}/paymentOffers`, manager, {
      paymentOfferId: foreign.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: 'paymentOfferId', message: renderMessage(CRUD_MESSAGES.unknownReference('paymentOfferId')) },
    ]);
  });

  it('unlocks events and videos of its account, in order; a deleted one leaves the list', async () => {
    const season = await product('Riverside TV');
    const url = `/main-api/products/${season.id}/items`;
    expect((await ctx.request({ url, token: manager })).json()).toEqual({
      data: [],
      total: 0,
      offset: 0,
      limit: 25,
      nextCursor: null,
    });
    const accountId = season.AccountId;
    const [final] = await ctx.db.insert(events).values({ name: 'Cup final', accountId }).returning();
    const [replay] = await ctx.db.insert(videos).values({ title: 'Cup final replay', accountId }).returning();
    const [foreign] = await ctx.db
      .insert(videos)
      .values({ title: 'Not ours', accountId: (await ctx.buildAccount()).id })
      .returning();
    if (!final || !replay || !foreign) throw new Error('fixtures not inserted');
    expect((await post(url, manager, { itemType: 'event', itemId: final.id })).statusCode).toBe(201);
    expect((await post(url, manager, { itemType: 'video', itemId: replay.id })).statusCode).toBe(201);
    const refused = await post(url, manager, { itemType: 'video', itemId: foreign.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(renderMessage(ITEM_LINK_MESSAGES.unknownItem('video', foreign.id)));
    expect((await post(url, manager, { itemType: 'playlist', itemId: 1 })).statusCode).toBe(400);
    const listed = (await ctx.request({ url, token: manager })).json();
    expect(
      listed.data.map((link: { item: { name?: string; title?: string } }) => link.item.name ?? link.item.title),
    ).toEqual(['Cup final', 'Cup final replay']);
    // Deleting the event or the video takes its link away (no dangling item in the product).
    const producer = await ctx.login('producer');
    const editor = await ctx.login('editor');
    const gone = [
      await ctx.request({ method: 'DELETE', url: `/main-api/events/${final.id}`, token: producer }),
      await ctx.request({ method: 'DELETE', url: `/main-api/videos/${replay.id}`, token: editor }),
    ];
    expect(gone.map((response) => response.statusCode)).toEqual([204, 204]);
    expect((await ctx.request({ url, token: manager })).json().total).toBe(0);
  });

  it('lists the fans who bought it from fan_products, the latest purchase first', async () => {
    // The demo fans bought the demo products: a product of its own, that nobody bought yet.
    const club = (await product('Riverside TV')).AccountId;
    const [season] = await ctx.db
      .insert(products)
      .values({ name: 'Fans test pass', accountId: club })
      .returning({ id: products.id });
    if (!season) throw new Error('product not inserted');
    const url = `/main-api/products/${season.id}/fans`;
    expect((await ctx.request({ url, token: manager })).json()).toMatchObject({ data: [], total: 0 });
    // Purchases come from the fans' payment flow (fans.test.ts); here they are stored directly.
    const bought = await ctx.db
      .insert(fanTable)
      .values(
        ['first', 'second'].map((name) => ({
          accountId: club,
          email: `${name}-buyer@example.com`,
          passwordHash: 'not-used',
          nickname: name,
        })),
      )
      .returning({ id: fanTable.id });
    const [first, second] = bought.map((fan) => fan.id);
    if (first === undefined || second === undefined) throw new Error('fans not inserted');
    await ctx.db.insert(fanProducts).values([
      { fanId: first, productId: season.id, purchasedAt: new Date('2026-08-01T10:00:00Z') },
      {
        fanId: second,
        productId: season.id,
        purchasedAt: new Date('2026-08-02T10:00:00Z'),
        expiresAt: new Date('2027-06-01T00:00:00Z'),
      },
    ]);
    const fans = (await ctx.request({ url: `${url}?limit=1`, token: manager })).json();
    expect(fans).toEqual({
      data: [{ fanId: second, purchasedAt: '2026-08-02T10:00:00.000Z', expiresAt: '2027-06-01T00:00:00.000Z' }],
      total: 2,
      offset: 0,
      limit: 1,
      nextCursor: null,
    });
    expect((await ctx.request({ url, token: stranger })).statusCode).toBe(404);
  });
});

describe('the Stripe catalogue', () => {
  it('answers 503 "Stripe is not configured" without a key, and 403 without a payment role', async () => {
    const response = await ctx.request({ url: `${STRIPE_PRICES_PATH}?active=true&limit=100`, token: manager });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, message: renderMessage(STRIPE_MESSAGES.notConfigured) });
    expect((await ctx.request({ url: STRIPE_PRICES_PATH, token: await ctx.login('producer') })).statusCode).toBe(403);
    expect((await ctx.request({ url: `${STRIPE_PRICES_PATH}?limit=101`, token: manager })).statusCode).toBe(400);
  });

  it('asks the configured client for at most 100 prices', async () => {
    const asked: unknown[] = [];
    const stripe: StripePrices = {
      list: async (query) => {
        asked.push(query);
        return { data: [], hasMore: false } satisfies StripePricesResponse;
      },
    };
    const withStripe = await createTestContext({ dependencies: { stripe } });
    try {
      const token = await withStripe.login('usermanager');
      const response = await withStripe.request({ url: `${STRIPE_PRICES_PATH}?active=true&limit=100`, token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [], hasMore: false });
      expect(asked).toEqual([{ active: true, limit: 100 }]);
    } finally {
      await withStripe.close();
    }
  });
});
