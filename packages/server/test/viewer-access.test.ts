import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { embedPaths } from '@regie/contract/embed';
import type { EmbedPlaybackResponse, EmbedPlayerResponse } from '@regie/contract/embed.schemas';
import { fanPublicPaths } from '@regie/contract/fans';
import type { FanCheckoutResponse, FanCheckoutState } from '@regie/contract/fans.schemas';
import type { ModuleCode } from '@regie/contract/modules';
import { CHECKOUT_RETURN_PARAM, LOCAL_TEST_CARDS, STRIPE_WEBHOOK_PATH } from '@regie/contract/viewer-access';
import { and, eq } from 'drizzle-orm';
import { Stripe } from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '../src/db/accounts.table.ts';
import { events } from '../src/db/events.table.ts';
import { fanProducts, paymentOffers, productItems, productPaymentOffers, products } from '../src/db/payments.table.ts';
import { stripeCheckout } from '../src/payments/checkout.ts';
import { localStorage } from '../src/storage/storage.local.ts';
import type { ObjectStorage } from '../src/storage/storage.types.ts';
import { signUpConfirmed } from './fan-auth-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  insertEvent,
  insertVideo,
  liveOnOneCamera,
  PRODUCER_GRANTS,
  signIn,
  storeReplayFiles,
} from './insights-fixtures.ts';

/**
 * RESTRAINED_ACCESS and PAYMENT_RESTRICTION (issue 47.2–3) on every path a player can take: the
 * page's data, the per-viewer playback (401 without a fan of the club, 402 without a pass), the
 * signed playlists and segments bound to the fan's session, and buying a pass through the local
 * payment provider's checkout page (declined, invalid, paid), then watching on return.
 */

let ctx: TestContext;
let storageDir: string;
let storage: ObjectStorage;
let club: { token: string; accountId: number; accountKey: string };
let fanCount = 0;

const MODULES: ModuleCode[] = [...PRODUCER_GRANTS.modules, 'RESTRAINED_ACCESS', 'PAYMENT_RESTRICTION'];

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'regie-access-'));
  storage = localStorage(storageDir, '/images');
  ctx = await createTestContext({ dependencies: { storage } });
  club = await signIn(ctx, { roles: PRODUCER_GRANTS.roles, modules: MODULES });
});
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

async function newFan(accountKey = club.accountKey) {
  fanCount += 1;
  const email = `viewer${fanCount}@example.test`;
  const session = await signUpConfirmed(ctx, accountKey, {
    email,
    password: 'a-long-fan-password',
    nickname: `Viewer ${fanCount}`,
  });
  return { email, token: session.token };
}

async function tokenOf(eventId: number): Promise<string> {
  const response = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: club.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url.split('/').pop() ?? '';
}

/** An event with a ready replay whose playlists and segment are in storage. */
async function replayEvent(values: { fansOnly?: boolean; videoFansOnly?: boolean } = {}) {
  const videoId = await insertVideo(ctx, club.accountId, { fansOnly: values.videoFansOnly ?? false });
  await storeReplayFiles(storage, club.accountId, videoId);
  const eventId = await insertEvent(ctx, club.accountId, { videoId, state: 'replay', fansOnly: values.fansOnly });
  return { eventId, videoId, token: await tokenOf(eventId) };
}

/** A match pass: a product unlocking the event, sold through a one-time offer. */
async function matchPass(eventId: number, price = 999) {
  const [product] = await ctx.db
    .insert(products)
    .values({ name: `Match pass ${eventId}`, accountId: club.accountId })
    .returning({ id: products.id });
  const [offer] = await ctx.db
    .insert(paymentOffers)
    .values({ name: `Pass ${eventId}`, price, currency: 'EUR', accountId: club.accountId })
    .returning({ id: paymentOffers.id });
  if (!product || !offer) throw new Error('pass not inserted');
  await ctx.db
    .insert(productPaymentOffers)
    .values({ productId: product.id, paymentOfferId: offer.id, accountId: club.accountId });
  await ctx.db.insert(productItems).values({ productId: product.id, itemType: 'event', itemId: eventId });
  return { productId: product.id, offerId: offer.id };
}

const french = { 'accept-language': 'fr' };
const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** The player's data once the kept answer reflects the latest change (a second at most). */
function dataOf(token: string, check: (data: EmbedPlayerResponse) => void): Promise<EmbedPlayerResponse> {
  return vi.waitFor(
    async () => {
      const response = await ctx.request({ url: embedPaths.player(token) });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json<EmbedPlayerResponse>();
      check(data);
      return data;
    },
    { timeout: 5_000, interval: 100 },
  );
}

const playback = (token: string, fanToken?: string) =>
  ctx.request({
    url: embedPaths.playback(token),
    headers: { ...french, ...(fanToken ? { authorization: `Bearer ${fanToken}` } : {}) },
  });

/** The replay's playlist, rung and segment URLs a fan's playback gives. */
async function mediaUrls(hlsUrl: string) {
  const master = await ctx.request({ url: path(hlsUrl) });
  expect(master.statusCode, master.body).toBe(200);
  const rung = master.body.split('\n').find((line) => line.startsWith('v0/')) ?? '';
  const rungUrl = path(hlsUrl).replace(/master\.m3u8\?.*$/, rung);
  const index = await ctx.request({ url: rungUrl });
  expect(index.statusCode, index.body).toBe(200);
  const segment = index.body.split('\n').find((line) => line.startsWith('seg0.ts')) ?? '';
  return { master: path(hlsUrl), rung: rungUrl, segment: rungUrl.replace(/index\.m3u8\?.*$/, segment) };
}

describe('fans only (RESTRAINED_ACCESS)', () => {
  it("plays for the club's signed-in fans only, its URLs bound to the fan's session", async () => {
    const { token } = await replayEvent({ fansOnly: true });
    const data = await dataOf(token, () => undefined);
    expect(data).toMatchObject({
      state: 'replay',
      perViewer: true,
      hlsUrl: null,
      access: { signIn: true, paid: false, offers: [] },
    });

    const anonymous = await playback(token);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(
      'Cette vidéo est réservée aux supporters du club : connectez-vous pour la regarder',
    );
    expect((await playback(token, 'not-a-session')).statusCode).toBe(401);
    const otherClub = await signIn(ctx, { roles: PRODUCER_GRANTS.roles, modules: MODULES });
    const stranger = await newFan(otherClub.accountKey);
    const theirs = await playback(token, stranger.token);
    expect(theirs.statusCode).toBe(401);
    expect(theirs.json().message).toContain('un autre club');

    const fan = await newFan();
    const granted = await playback(token, fan.token);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.headers['cache-control']).toBe('private, no-store');
    const { hlsUrl } = granted.json<EmbedPlaybackResponse>();
    // No geo rule: any country, and this fan's session.
    expect(hlsUrl).toMatch(/\?t=\d+\.ZZf\d+\.[\w-]{32}$/);
    const urls = await mediaUrls(hlsUrl);
    expect((await ctx.request({ url: urls.segment })).statusCode).toBe(200);

    // Signed out, the same URLs play nothing (the session is checked on each).
    const out = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.signout,
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(out.statusCode).toBeLessThan(300);
    for (const url of Object.values(urls)) expect((await ctx.request({ url })).statusCode).toBe(401);
    // A forged session in the scope does not pass the signature.
    const forged = urls.master.replace(/\.ZZf\d+\./, '.ZZf1.');
    expect((await ctx.request({ url: forged })).statusCode).toBe(403);
  });

  it('follows the replay video’s own switch, and changes nothing without the module', async () => {
    const archive = await replayEvent({ videoFansOnly: true });
    await dataOf(archive.token, (data) => expect(data).toMatchObject({ access: { signIn: true } }));
    expect((await playback(archive.token)).statusCode).toBe(401);

    await ctx.db.update(accounts).set({ modules: PRODUCER_GRANTS.modules }).where(eq(accounts.id, club.accountId));
    try {
      const open = await replayEvent({ fansOnly: true });
      const data = await dataOf(open.token, () => undefined);
      expect(data).toMatchObject({ perViewer: false, access: null });
      expect(data.state === 'replay' && data.hlsUrl).toMatch(/\?t=\d+\.[\w-]{32}$/);
    } finally {
      await ctx.db.update(accounts).set({ modules: MODULES }).where(eq(accounts.id, club.accountId));
    }
  });
});

describe('a paid replay (PAYMENT_RESTRICTION)', () => {
  it('shows its offers, refuses a fan without the pass (402), sells it through the local provider, then plays', async () => {
    const { eventId, token } = await replayEvent();
    const { offerId, productId } = await matchPass(eventId, 999);
    const data = await dataOf(token, (seen) => expect(seen).toMatchObject({ access: { paid: true } }));
    expect(data).toMatchObject({
      perViewer: true,
      hlsUrl: null,
      access: {
        signIn: true,
        paid: true,
        offers: [{ id: offerId, name: `Pass ${eventId}`, price: 999, currency: 'EUR', billingPeriod: 'one_time' }],
      },
    });
    expect((await playback(token)).statusCode).toBe(401);
    const fan = await newFan();
    const refused = await playback(token, fan.token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('Cette vidéo fait partie d’un pass : achetez-le pour la regarder');

    const bearer = { authorization: `Bearer ${fan.token}` };
    const started = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.checkouts,
      headers: { ...bearer, ...french },
      payload: { paymentOfferId: offerId, pageToken: token },
    });
    expect(started.statusCode, started.body).toBe(201);
    const checkout = started.json<FanCheckoutResponse>();
    expect(checkout).toMatchObject({
      provider: 'local',
      url: expect.stringContaining(`/local-pay/checkout/${checkout.id}`),
    });
    const confirm = () =>
      ctx.request({ method: 'POST', url: fanPublicPaths.checkoutConfirm(checkout.id), headers: bearer });
    expect((await confirm()).json<FanCheckoutState>()).toMatchObject({ state: 'pending', products: [] });

    // The provider's page, in the fan's language, with the price.
    const page = await ctx.request({ url: path(checkout.url), headers: french });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain(`Pass ${eventId}`);
    expect(page.body).toMatch(/9,99\s€, une fois/);
    const pay = (card: string, action = 'pay') =>
      ctx.request({
        method: 'POST',
        url: path(checkout.url),
        headers: { ...french, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ card, action }).toString(),
      });
    const declined = await pay(LOCAL_TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Votre carte a été refusée');
    expect((await pay('1234')).statusCode).toBe(400);
    expect((await playback(token, fan.token)).statusCode).toBe(402);

    const paid = await pay('4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(
      new RegExp(`/embed/events/${token.replace(/\./g, '\\.')}\\?${CHECKOUT_RETURN_PARAM}=${checkout.id}$`),
    );
    // Paid once: the page says so, and paying again takes nothing.
    expect((await pay(LOCAL_TEST_CARDS.paid)).statusCode).toBe(409);
    const back = (await confirm()).json<FanCheckoutState>();
    expect(back).toMatchObject({ state: 'paid', paymentOfferId: offerId, products: [{ productId, expiresAt: null }] });
    const held = await ctx.db.select().from(fanProducts).where(eq(fanProducts.productId, productId));
    expect(held).toHaveLength(1);

    const granted = await playback(token, fan.token);
    expect(granted.statusCode, granted.body).toBe(200);
    const urls = await mediaUrls(granted.json<EmbedPlaybackResponse>().hlsUrl);
    expect((await ctx.request({ url: urls.segment })).statusCode).toBe(200);
    // Another fan of the club still pays.
    expect((await playback(token, (await newFan()).token)).statusCode).toBe(402);
  });

  it('sells only the offers of the page, to its club’s fans; a checkout is its fan’s', async () => {
    const first = await replayEvent();
    const second = await replayEvent();
    const pass = await matchPass(first.eventId);
    const other = await matchPass(second.eventId);
    const fan = await newFan();
    const start = (fanToken: string, body: object) =>
      ctx.request({
        method: 'POST',
        url: fanPublicPaths.checkouts,
        headers: { authorization: `Bearer ${fanToken}` },
        payload: body,
      });
    expect((await start(fan.token, { paymentOfferId: other.offerId, pageToken: first.token })).statusCode).toBe(400);
    expect((await start(fan.token, { paymentOfferId: pass.offerId, pageToken: 'not.a-page' })).statusCode).toBe(404);
    const otherClub = await signIn(ctx, { roles: PRODUCER_GRANTS.roles, modules: MODULES });
    const stranger = await newFan(otherClub.accountKey);
    expect((await start(stranger.token, { paymentOfferId: pass.offerId, pageToken: first.token })).statusCode).toBe(
      404,
    );
    const mine = await start(fan.token, { paymentOfferId: pass.offerId, pageToken: first.token });
    expect(mine.statusCode).toBe(201);
    const { id } = mine.json<FanCheckoutResponse>();
    const someoneElse = await newFan();
    const peek = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.checkoutConfirm(id),
      headers: { authorization: `Bearer ${someoneElse.token}` },
    });
    expect(peek.statusCode).toBe(404);
    // Cancelled at the provider: back on the page, nothing bought.
    const cancelled = await ctx.request({
      method: 'POST',
      url: `/local-pay/checkout/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(cancelled.statusCode).toBe(303);
    const state = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.checkoutConfirm(id),
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(state.json<FanCheckoutState>()).toMatchObject({ state: 'cancelled', products: [] });
    expect((await ctx.request({ url: '/local-pay/checkout/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
  });
});

describe('a paid live (PAYMENT_RESTRICTION)', () => {
  it("signs the program and each segment for the fan's session: a fan who signs out gets nothing more", async () => {
    const eventId = await insertEvent(ctx, club.accountId, {
      name: 'Paid derby',
      state: 'upcoming',
      startsAt: new Date(),
    });
    const { offerId } = await matchPass(eventId);
    const token = await tokenOf(eventId);
    const _inputId = await liveOnOneCamera(ctx, storage, club, eventId);
    await dataOf(token, (data) => expect(data).toMatchObject({ state: 'live', hlsUrl: null, access: { paid: true } }));

    const fan = await newFan();
    expect((await playback(token, fan.token)).statusCode).toBe(402);
    const bought = await ctx.request({
      method: 'POST',
      url: fanPublicPaths.purchases,
      headers: { authorization: `Bearer ${fan.token}` },
      payload: { paymentOfferId: offerId },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const grant = await playback(token, fan.token);
    expect(grant.statusCode, grant.body).toBe(200);
    const { hlsUrl } = grant.json<EmbedPlaybackResponse>();
    expect(hlsUrl).toMatch(/\/program\/events\/\d+\/dvr\.m3u8\?t=\d+\.ZZf\d+\./);
    const playlist = await ctx.request({ url: path(hlsUrl) });
    expect(playlist.statusCode, playlist.body).toBe(200);
    const first = playlist.body.split('\n').find((line) => line.includes('.ts?t=')) ?? '';
    expect(first).toMatch(/\.ts\?t=\d+\.ZZf\d+\./);
    const resolved = new URL(first, `http://x${path(hlsUrl)}`);
    const segment = `${resolved.pathname}${resolved.search}`;
    expect((await ctx.request({ url: segment })).statusCode).toBe(200);

    await ctx.request({
      method: 'POST',
      url: fanPublicPaths.signout,
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect((await ctx.request({ url: path(hlsUrl) })).statusCode).toBe(401);
    expect((await ctx.request({ url: segment })).statusCode).toBe(401);
  });
});

describe('a pass bought through Stripe Checkout', () => {
  const webhookSecret = 'whsec_regie_test';
  let stripeCtx: TestContext;
  let stripeClub: { token: string; accountId: number; accountKey: string };
  const sessions = new Map<string, { id: string; payment_status: string; client_reference_id: string }>();

  beforeAll(async () => {
    // Stripe's client as far as a checkout uses it: sessions made and read here, no network.
    const client = {
      checkout: {
        sessions: {
          create: async (params: { client_reference_id: string }) => {
            const id = `cs_test_${sessions.size + 1}`;
            sessions.set(id, { id, payment_status: 'unpaid', client_reference_id: params.client_reference_id });
            return { id, url: `https://checkout.stripe.com/c/pay/${id}` };
          },
          retrieve: async (id: string) => sessions.get(id),
        },
      },
    } as unknown as Stripe;
    stripeCtx = await createTestContext({
      dependencies: { storage, checkout: stripeCheckout('sk_test_regie', client, webhookSecret) },
    });
    stripeClub = await signIn(stripeCtx, { roles: PRODUCER_GRANTS.roles, modules: MODULES });
  });
  afterAll(() => stripeCtx.close());

  it("sends the fan to Stripe with the offer's price, and grants the pass on Stripe's signed notice", async () => {
    const eventId = await insertEvent(stripeCtx, stripeClub.accountId, { state: 'upcoming' });
    const [product] = await stripeCtx.db
      .insert(products)
      .values({ name: 'Season ticket', accountId: stripeClub.accountId })
      .returning({ id: products.id });
    const [offer] = await stripeCtx.db
      .insert(paymentOffers)
      .values({
        name: 'Season',
        price: 12000,
        currency: 'EUR',
        billingPeriod: 'yearly',
        stripePriceId: 'price_season',
        accountId: stripeClub.accountId,
      })
      .returning({ id: paymentOffers.id });
    if (!product || !offer) throw new Error('not inserted');
    await stripeCtx.db
      .insert(productPaymentOffers)
      .values({ productId: product.id, paymentOfferId: offer.id, accountId: stripeClub.accountId });
    await stripeCtx.db.insert(productItems).values({ productId: product.id, itemType: 'event', itemId: eventId });
    const snippet = await stripeCtx.request({ url: embedPaths.eventEmbed(eventId), token: stripeClub.token });
    const pageToken = snippet.json<{ url: string }>().url.split('/').pop() ?? '';
    const fan = await signUpConfirmed(stripeCtx, stripeClub.accountKey, {
      email: 'season@example.test',
      password: 'a-long-fan-password',
      nickname: 'Season',
    });
    const bearer = { authorization: `Bearer ${fan.token}` };
    const started = await stripeCtx.request({
      method: 'POST',
      url: fanPublicPaths.checkouts,
      headers: bearer,
      payload: { paymentOfferId: offer.id, pageToken },
    });
    expect(started.statusCode, started.body).toBe(201);
    const checkout = started.json<FanCheckoutResponse>();
    expect(checkout).toMatchObject({ provider: 'stripe', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const confirm = async () =>
      (
        await stripeCtx.request({ method: 'POST', url: fanPublicPaths.checkoutConfirm(checkout.id), headers: bearer })
      ).json<FanCheckoutState>();
    expect(await confirm()).toMatchObject({ state: 'pending' });
    // No local page when Stripe takes the money.
    const local = await stripeCtx.request({ url: `/local-pay/checkout/${checkout.id}` });
    expect(local.body).not.toContain('Local payment provider');

    const notice = (payload: object, secret = webhookSecret) => {
      const body = JSON.stringify(payload);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
      return stripeCtx.request({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
    };
    const completed = {
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          payment_status: 'paid',
          client_reference_id: checkout.id,
        },
      },
    };
    expect((await notice(completed, 'whsec_someone_else')).statusCode).toBe(400);
    expect(await confirm()).toMatchObject({ state: 'pending' });
    // A notice naming the checkout under another Stripe session grants nothing.
    const forged = { ...completed, data: { object: { ...completed.data.object, id: 'cs_test_other' } } };
    expect((await notice(forged)).statusCode).toBe(200);
    expect(await confirm()).toMatchObject({ state: 'pending' });

    const received = await notice(completed);
    expect(received.statusCode, received.body).toBe(200);
    const paid = await confirm();
    expect(paid).toMatchObject({ state: 'paid', products: [{ productId: product.id }] });
    // A yearly offer: the pass runs a year.
    const expires = Date.parse(paid.products[0]?.expiresAt ?? '');
    expect(expires - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    // Stripe sends a notice again: granted once.
    expect((await notice(completed)).statusCode).toBe(200);
    const held = await stripeCtx.db.select().from(fanProducts).where(eq(fanProducts.productId, product.id));
    expect(held).toHaveLength(1);
  });
});

describe('the demo club', () => {
  it('sells the match pass of its away match before kick-off, and only that match', async () => {
    const producer = await ctx.login('producer');
    const rows = await ctx.db
      .select({ id: events.id, name: events.name })
      .from(events)
      .innerJoin(accounts, eq(accounts.id, events.accountId))
      .where(and(eq(accounts.name, DEMO_ACCOUNTS.club), eq(events.published, true)));
    const pageOf = async (id: number) => {
      const response = await ctx.request({ url: embedPaths.eventEmbed(id), token: producer });
      return response.json<{ url: string }>().url.split('/').pop() ?? '';
    };
    const away = rows.find((row) => row.name === 'Northbridge United vs Riverside');
    const data = await dataOf(await pageOf(away?.id ?? 0), () => undefined);
    expect(data).toMatchObject({
      state: 'upcoming',
      access: { signIn: true, paid: true, offers: [{ name: 'Match pass', price: 499, billingPeriod: 'one_time' }] },
    });
    // Nothing else of the club is sold: the recorded match (every browser test's replay) stays free.
    const sold = await ctx.db
      .select({ itemType: productItems.itemType, itemId: productItems.itemId })
      .from(productItems)
      .innerJoin(products, eq(products.id, productItems.productId))
      .innerJoin(accounts, eq(accounts.id, products.accountId))
      .where(eq(accounts.name, DEMO_ACCOUNTS.club));
    expect(sold).toEqual([{ itemType: 'event', itemId: away?.id }]);
  });
});
