import { HEADER_EXPORT_TOTAL } from '@regie/contract/api';
import {
  FAN_EXPORT_COLUMNS,
  FAN_LIMITS,
  FAN_PLAYS_PER_BATCH,
  FAN_RATE_LIMIT,
  FANS_MESSAGES,
  fanPaths,
  fanPublicPaths,
} from '@regie/contract/fans';
import type { FanRow, FanSessionResponse } from '@regie/contract/fans.schemas';
import { renderMessage } from '@regie/contract/messages.render';
import type { ModuleCode } from '@regie/contract/modules';
import type { Role } from '@regie/contract/roles';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/events.table.ts';
import { fanActivities, fans } from '../src/db/fans.table.ts';
import { paymentOffers, productPaymentOffers, products } from '../src/db/payments.table.ts';
import { tags } from '../src/db/tags.table.ts';
import { sweepPendingFans } from '../src/fans/fans.pending-sweep.ts';
import { auditReader } from './audit-trail-fixtures.ts';
import { signUpConfirmed } from './fan-auth-fixtures.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, insertVideo, signIn } from './insights-fixtures.ts';

/** The public fan API and the CRM's fan and profile calls. */

const CRM: { roles: Role[]; modules: ModuleCode[] } = { roles: ['use_crm'], modules: ['FANS_CRM'] };

let ctx: TestContext;
let crm: { token: string; accountId: number; accountKey: string };
let reader: string;
let other: { token: string; accountId: number; accountKey: string };
let address = 0;
/** Each fan call from its own address unless a test says otherwise (the fan API is rate-limited). */
const nextAddress = () => {
  address += 1;
  return `10.1.${Math.floor(address / 250)}.${address % 250}`;
};

beforeAll(async () => {
  ctx = await createTestContext();
  crm = await signIn(ctx, CRM);
  const readOnly = await ctx.buildUser({ accountId: crm.accountId, roles: ['use_crm', 'read_only'] });
  reader = await ctx.login(readOnly.username, readOnly.password);
  other = await signIn(ctx, CRM);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const staff = (method: Method, url: string, token = crm.token, payload?: unknown) =>
  ctx.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
const fanCall = (method: Method, url: string, token?: string, payload?: unknown, accountKey = crm.accountKey) =>
  ctx.request({
    method,
    url,
    accountKey,
    remoteAddress: nextAddress(),
    ...(token ? { token } : {}),
    ...(payload === undefined ? {} : { payload }),
  });

let emails = 0;
async function signUp(overrides: Record<string, unknown> = {}, accountKey = crm.accountKey) {
  emails += 1;
  const body = {
    email: `Fan${emails}@Example.com`,
    password: 'goal-goal-goal',
    nickname: `fan${emails}`,
    ...overrides,
  };
  return signUpConfirmed(ctx, accountKey, body, nextAddress());
}

async function tag(accountId: number, name: string): Promise<number> {
  const [row] = await ctx.db.insert(tags).values({ name, accountId, tagType: 'fans' }).returning({ id: tags.id });
  if (!row) throw new Error('tag not inserted');
  return row.id;
}

async function offer(accountId: number, name: string, billingPeriod = 'one_time') {
  const [paymentOffer] = await ctx.db
    .insert(paymentOffers)
    .values({ name, price: 999, billingPeriod, accountId })
    .returning({ id: paymentOffers.id });
  const [product] = await ctx.db
    .insert(products)
    .values({ name: `${name} product`, accountId })
    .returning({ id: products.id });
  if (!paymentOffer || !product) throw new Error('offer not inserted');
  await ctx.db
    .insert(productPaymentOffers)
    .values({ productId: product.id, paymentOfferId: paymentOffer.id, accountId });
  return { offerId: paymentOffer.id, productId: product.id };
}

describe('the public fan API', () => {
  it('signs up, signs in, reads and changes the profile, and signs out', async () => {
    const session = await signUp({ firstName: 'Zoé', country: 'fr', language: 'fr' });
    expect(session.fan).toMatchObject({ email: `fan${emails}@example.com`, country: 'FR', language: 'fr' });
    // Signing up again with a fan's email: fans-auth.test.ts (the same answer as a new email).

    const wrong = await fanCall('POST', fanPublicPaths.signin, undefined, {
      email: session.fan.email,
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(401);
    const signedIn = await fanCall('POST', fanPublicPaths.signin, undefined, {
      email: session.fan.email.toUpperCase(),
      password: 'goal-goal-goal',
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<FanSessionResponse>().token;

    const changed = await fanCall('PUT', fanPublicPaths.me, token, { nickname: 'zozo', lastName: 'Martin' });
    expect(changed.json()).toMatchObject({ nickname: 'zozo', lastName: 'Martin', firstName: 'Zoé' });
    expect((await fanCall('GET', fanPublicPaths.me, token)).json().nickname).toBe('zozo');

    expect((await fanCall('POST', fanPublicPaths.signout, token)).statusCode).toBe(204);
    expect((await fanCall('GET', fanPublicPaths.me, token)).statusCode).toBe(401);
    // The first session is still open.
    expect((await fanCall('GET', fanPublicPaths.me, session.token)).statusCode).toBe(200);
  });

  it('refuses an unknown account key, and the same email is another fan on another account', async () => {
    const unknown = await fanCall(
      'POST',
      fanPublicPaths.signup,
      undefined,
      {
        email: 'x@example.com',
        password: 'goal-goal-goal',
        nickname: 'xx',
      },
      'no-such-key',
    );
    expect(unknown.statusCode).toBe(401);
    const here = await signUp({ email: 'twice@example.com' });
    const there = await signUp({ email: 'twice@example.com' }, other.accountKey);
    expect(there.fan.id).not.toBe(here.fan.id);
  });

  it('never lets a fan token reach a staff call, nor a staff token a fan call', async () => {
    const { token } = await signUp();
    for (const url of [fanPaths.list, '/users-service-api/users/me', '/main-api/tags']) {
      expect((await ctx.request({ url, token, accountKey: crm.accountKey })).statusCode).toBe(401);
    }
    expect((await fanCall('GET', fanPublicPaths.me, crm.token)).statusCode).toBe(401);
    expect((await fanCall('GET', fanPublicPaths.me)).statusCode).toBe(401);
    // A write without a token is told so before its body is looked at: 401, not the body's 400.
    for (const url of [fanPublicPaths.plays, fanPublicPaths.playsBatch, '/api/fan/motm/1/vote']) {
      const bare = await fanCall('POST', url, undefined, { nonsense: true });
      expect(bare.statusCode, url).toBe(401);
    }
  });

  it('rate-limits each fan, not the fans behind one address, and forged tokens by their address', async () => {
    const { token } = await signUp();
    const remoteAddress = '10.250.0.1';
    const codes: number[] = [];
    for (let i = 0; i <= FAN_RATE_LIMIT.max; i += 1) {
      codes.push((await ctx.request({ url: fanPublicPaths.me, token, remoteAddress })).statusCode);
    }
    expect(codes.slice(0, FAN_RATE_LIMIT.max).every((code) => code === 200)).toBe(true);
    const refused = await ctx.request({ url: fanPublicPaths.me, token, remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(FAN_RATE_LIMIT.windowMs / 1000));
    // Another fan on the same stadium Wi-Fi is not refused for the first one's calls.
    const other = await signUp();
    expect((await ctx.request({ url: fanPublicPaths.me, token: other.token, remoteAddress })).statusCode).toBe(200);
    // Tokens that open no session are counted by their address: 401 until its limit, then 429.
    const forger = '10.250.0.2';
    const forged: number[] = [];
    for (let i = 0; i <= FAN_RATE_LIMIT.max; i += 1) {
      const fake = `fan_${String(i).padStart(43, 'x')}`;
      forged.push((await ctx.request({ url: fanPublicPaths.me, token: fake, remoteAddress: forger })).statusCode);
    }
    expect(forged.slice(0, FAN_RATE_LIMIT.max).every((code) => code === 401)).toBe(true);
    expect(forged.at(-1)).toBe(429);
  });

  it('writes a crowd of plays in batches: every play once, the fan’s last activity moved', async () => {
    const { token, fan } = await signUp();
    const video = await insertVideo(ctx, crm.accountId);
    const posted = await Promise.all(
      Array.from({ length: 40 }, () => fanCall('POST', fanPublicPaths.plays, token, { videoId: video })),
    );
    expect(posted.map((response) => response.statusCode)).toEqual(posted.map(() => 201));
    await ctx.app.fanActivityWriter.flush();
    const rows = await ctx.db
      .select({ at: fanActivities.at })
      .from(fanActivities)
      .where(and(eq(fanActivities.fanId, fan.id), eq(fanActivities.type, 'play')));
    expect(rows).toHaveLength(40);
    const [seen] = await ctx.db.select({ lastActiveAt: fans.lastActiveAt }).from(fans).where(eq(fans.id, fan.id));
    const latest = Math.max(...rows.map((row) => row.at.getTime()));
    expect(seen?.lastActiveAt?.getTime()).toBe(latest);
  });

  it("records a player's batch of plays whole, or none of it when one names another club's video", async () => {
    const { token, fan } = await signUp();
    const video = await insertVideo(ctx, crm.accountId);
    const event = await insertEvent(ctx, crm.accountId, { name: 'Derby, cameras' });
    const strangerVideo = await insertVideo(ctx, other.accountId);
    const playsOf = async () => {
      await ctx.app.fanActivityWriter.flush();
      return ctx.db
        .select({ eventId: fanActivities.eventId, payload: fanActivities.payload })
        .from(fanActivities)
        .where(and(eq(fanActivities.fanId, fan.id), eq(fanActivities.type, 'play')));
    };
    const batch = [{ videoId: video }, { eventId: event }, { videoId: video, eventId: event }];
    const recorded = await fanCall('POST', fanPublicPaths.playsBatch, token, { plays: batch });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toEqual({ recorded: 3 });
    expect(await playsOf()).toHaveLength(3);

    // One play of another club's video: 404 naming it, and the batch's other plays not recorded.
    const refused = await fanCall('POST', fanPublicPaths.playsBatch, token, {
      plays: [{ eventId: event }, { videoId: strangerVideo }],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(
      renderMessage(FANS_MESSAGES.videoNotFound(strangerVideo), 'en'),
    );
    expect(await playsOf()).toHaveLength(3);

    // Empty, too long, or a play naming nothing: 400, nothing recorded.
    for (const plays of [[], Array.from({ length: FAN_PLAYS_PER_BATCH + 1 }, () => ({ videoId: video })), [{}]]) {
      expect((await fanCall('POST', fanPublicPaths.playsBatch, token, { plays })).statusCode).toBe(400);
    }
    const full = Array.from({ length: FAN_PLAYS_PER_BATCH }, () => ({ eventId: event }));
    expect((await fanCall('POST', fanPublicPaths.playsBatch, token, { plays: full })).json()).toEqual({
      recorded: FAN_PLAYS_PER_BATCH,
    });
    expect(await playsOf()).toHaveLength(3 + FAN_PLAYS_PER_BATCH);
  });

  it('writes a batch whose fan or event was deleted after the play was accepted: the rest of it, once', async () => {
    const leaving = await signUp();
    const staying = await signUp();
    const event = await insertEvent(ctx, crm.accountId, { name: 'Derby replay' });
    const gone = await insertEvent(ctx, crm.accountId, { name: 'Cancelled friendly' });
    const play = (token: string, eventId: number) => fanCall('POST', fanPublicPaths.plays, token, { eventId });
    // Accepted, then waiting for their batch while the fan and an event are deleted.
    for (const response of [
      await play(leaving.token, event),
      await play(staying.token, event),
      await play(staying.token, gone),
    ]) {
      expect(response.statusCode).toBe(201);
    }
    expect((await staff('DELETE', fanPaths.fan(leaving.fan.id))).statusCode).toBe(204);
    await ctx.db.delete(events).where(eq(events.id, gone));
    await ctx.app.fanActivityWriter.flush();
    const plays = await ctx.db
      .select({ fanId: fanActivities.fanId, eventId: fanActivities.eventId })
      .from(fanActivities)
      .where(and(eq(fanActivities.type, 'play'), inArray(fanActivities.fanId, [leaving.fan.id, staying.fan.id])));
    // The deleted fan's play is dropped, the deleted event's play kept without its event; the
    // batch is not failing (a failed one would be retried and hold every later play back).
    expect(plays.sort((a, b) => (a.eventId ?? 0) - (b.eventId ?? 0))).toEqual([
      { fanId: staying.fan.id, eventId: null },
      { fanId: staying.fan.id, eventId: event },
    ]);
    expect((await play(staying.token, event)).statusCode).toBe(201);
    await ctx.app.fanActivityWriter.flush();
    const after = await ctx.db
      .select({ id: fanActivities.id })
      .from(fanActivities)
      .where(and(eq(fanActivities.type, 'play'), eq(fanActivities.fanId, staying.fan.id)));
    expect(after).toHaveLength(3);
  });

  it('refuses a play of an event at once once staff deleted it, though the check is kept a second', async () => {
    const producer = await signIn(ctx, { roles: ['sport_player_write'], modules: ['SPORT_EVENTS', 'FANS_CRM'] });
    const { token } = await signUp({}, producer.accountKey);
    const event = await insertEvent(ctx, producer.accountId, { name: 'Friendly, to be called off' });
    const play = () => fanCall('POST', fanPublicPaths.plays, token, { eventId: event }, producer.accountKey);
    expect((await play()).statusCode).toBe(201);
    expect((await play()).statusCode).toBe(201);
    const deleted = await ctx.request({ method: 'DELETE', url: `/main-api/events/${event}`, token: producer.token });
    expect(deleted.statusCode).toBe(204);
    const refused = await play();
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe(renderMessage(FANS_MESSAGES.eventNotFound(event)));
  });

  it("records plays of the account's videos and events only, and purchases through the local provider", async () => {
    const { token, fan } = await signUp();
    const video = await insertVideo(ctx, crm.accountId);
    const event = await insertEvent(ctx, crm.accountId, { name: 'Cup final' });
    const strangerVideo = await insertVideo(ctx, other.accountId);
    expect((await fanCall('POST', fanPublicPaths.plays, token, { videoId: video, eventId: event })).statusCode).toBe(
      201,
    );
    expect((await fanCall('POST', fanPublicPaths.plays, token, { videoId: strangerVideo })).statusCode).toBe(404);
    expect((await fanCall('POST', fanPublicPaths.plays, token, {})).statusCode).toBe(400);
    // Plays are written a second at a time (issue 28.4): what a stop or the next second writes.
    await ctx.app.fanActivityWriter.flush();

    const season = await offer(crm.accountId, 'Season pass', 'yearly');
    const bought = await fanCall('POST', fanPublicPaths.purchases, token, { paymentOfferId: season.offerId });
    expect(bought.statusCode).toBe(201);
    const [product] = bought.json().products;
    expect(product).toMatchObject({ productId: season.productId, name: 'Season pass product' });
    expect(new Date(product.expiresAt).getTime() - new Date(product.purchasedAt).getTime()).toBeGreaterThan(
      360 * 86_400_000,
    );
    const strangerOffer = await offer(other.accountId, 'Elsewhere');
    expect(
      (await fanCall('POST', fanPublicPaths.purchases, token, { paymentOfferId: strangerOffer.offerId })).statusCode,
    ).toBe(404);

    const activities = (await staff('GET', fanPaths.activities(fan.id))).json();
    expect(activities.data.map((activity: { type: string }) => activity.type)).toEqual(['purchase', 'play', 'signup']);
    expect(activities.data[1]).toMatchObject({ eventId: event, payload: { videoId: video } });
    expect((await staff('GET', fanPaths.products(fan.id))).json().data).toEqual([product]);
    expect((await staff('GET', fanPaths.events(fan.id))).json().data).toMatchObject([
      { eventId: event, name: 'Cup final', activities: 1 },
    ]);
    const sessions = (await staff('GET', fanPaths.sessions(fan.id))).json();
    expect(sessions.total).toBe(1);
    const detail = (await staff('GET', fanPaths.fan(fan.id))).json<FanRow>();
    expect(detail.lastActiveAt).not.toBeNull();
  });

  it('shows a sign-up never confirmed as pending, and the sweep deletes it a week after its code expired', async () => {
    const confirmedFan = await signUp();
    const email = `pending${Date.now()}@example.com`;
    const pending = await fanCall('POST', fanPublicPaths.signup, undefined, {
      email,
      password: 'goal-goal-goal',
      nickname: 'not-yet',
    });
    expect(pending.statusCode).toBe(202);
    const listed = async (search: string) =>
      (await staff('GET', `${fanPaths.list}?search=${encodeURIComponent(search)}`)).json<{ data: FanRow[] }>().data;
    expect((await listed(email)).map((fan) => fan.confirmed)).toEqual([false]);
    expect((await listed(confirmedFan.fan.email)).map((fan) => fan.confirmed)).toEqual([true]);
    // The Status filter: pending holds the sign-up and not the confirmed fan; active the reverse.
    const withStatus = async (status: string) =>
      (await staff('GET', `${fanPaths.list}?status=${status}&limit=100`))
        .json<{ data: FanRow[] }>()
        .data.map((fan) => fan.email);
    expect(await withStatus('pending')).toContain(email);
    expect(await withStatus('pending')).not.toContain(confirmedFan.fan.email);
    expect(await withStatus('active')).toContain(confirmedFan.fan.email);
    expect(await withStatus('active')).not.toContain(email);
    expect((await staff('GET', `${fanPaths.list}?status=asleep`)).statusCode).toBe(400);

    const [row] = await ctx.db
      .select({ id: fans.id, confirmExpiresAt: fans.confirmExpiresAt })
      .from(fans)
      .where(eq(fans.email, email));
    const expiresAt = row?.confirmExpiresAt?.getTime() ?? Number.NaN;
    // Still inside the week after its code expired: kept (it may sign up again for a new code).
    expect(await sweepPendingFans(ctx.db, new Date(expiresAt + FAN_LIMITS.pendingKeptMs - 60_000))).toBe(0);
    expect(await listed(email)).toHaveLength(1);
    // Past it: deleted; confirmed fans (older codes long expired, or none) never are.
    const later = new Date(expiresAt + FAN_LIMITS.pendingKeptMs + 60_000);
    expect(await sweepPendingFans(ctx.db, later)).toBeGreaterThanOrEqual(1);
    expect(await listed(email)).toEqual([]);
    expect(await listed(confirmedFan.fan.email)).toHaveLength(1);
    const [left] = await ctx.db
      .select({ id: fans.id })
      .from(fans)
      .where(eq(fans.id, row?.id ?? -1));
    expect(left).toBeUndefined();
  });

  it('refuses a blocked fan at sign-in and on every call, until unblocked', async () => {
    const { token, fan } = await signUp();
    const blocked = await staff('PUT', fanPaths.extended(fan.id), crm.token, { isBlocked: true });
    expect(blocked.json()).toMatchObject({ id: fan.id, isBlocked: true });
    for (const [method, url, body] of [
      ['GET', fanPublicPaths.me, undefined],
      ['PUT', fanPublicPaths.me, { nickname: 'again' }],
      ['POST', fanPublicPaths.plays, { eventId: 1 }],
      ['POST', fanPublicPaths.playsBatch, { plays: [{ eventId: 1 }] }],
      ['POST', fanPublicPaths.purchases, { paymentOfferId: 1 }],
      ['POST', fanPublicPaths.signout, undefined],
    ] as const) {
      const refused = await fanCall(method, url, token, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(renderMessage(FANS_MESSAGES.blocked, 'en'));
    }
    const signin = { email: fan.email, password: 'goal-goal-goal' };
    expect((await fanCall('POST', fanPublicPaths.signin, undefined, signin)).statusCode).toBe(403);
    await staff('PUT', fanPaths.extended(fan.id), crm.token, { isBlocked: false });
    expect((await fanCall('POST', fanPublicPaths.signin, undefined, signin)).statusCode).toBe(200);
    expect((await fanCall('GET', fanPublicPaths.me, token)).statusCode).toBe(200);
  });
});

describe('the CRM fan calls', () => {
  let account: { token: string; accountId: number; accountKey: string };
  const ids: number[] = [];
  const asCrm = (method: Method, url: string, payload?: unknown) => staff(method, url, account.token, payload);

  beforeAll(async () => {
    account = await signIn(ctx, CRM);
    const now = Date.now();
    const rows = Array.from({ length: 25 }, (_, index) => ({
      accountId: account.accountId,
      email: `member${index}@club.test`,
      passwordHash: 'seeded',
      nickname: index % 5 === 0 ? `ultra${index}` : `member${index}`,
      lastActiveAt: index < 10 ? new Date(now - index * 86_400_000) : null,
      isBlocked: index === 24,
    }));
    const inserted = await ctx.db.insert(fans).values(rows).returning({ id: fans.id });
    ids.push(...inserted.map((row) => row.id));
  });

  it('pages the list by keyset, newest first, with the total', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const page: { data: FanRow[]; total: number; nextCursor: string | null } = (
        await asCrm('GET', `${fanPaths.list}?limit=10${after ? `&after=${after}` : ''}`)
      ).json();
      expect(page.total).toBe(25);
      seen.push(...page.data.map((fan: FanRow) => fan.id));
      after = page.nextCursor;
      if (!after) break;
    }
    expect(seen).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by search, blocked, activity period, tag, product and profile', async () => {
    const list = async (query: string) =>
      (await asCrm('GET', `${fanPaths.list}?${query}`)).json().data.map((fan: FanRow) => fan.email);
    expect(await list('search=ULTRA')).toHaveLength(5);
    expect(await list('blocked=true')).toEqual(['member24@club.test']);
    expect(await list('status=blocked')).toEqual(['member24@club.test']);
    const from = new Date(Date.now() - 2.5 * 86_400_000).toISOString();
    expect(await list(`activeFrom=${encodeURIComponent(from)}`)).toEqual([
      'member2@club.test',
      'member1@club.test',
      'member0@club.test',
    ]);
    const vip = await tag(account.accountId, 'VIP');
    expect((await asCrm('POST', fanPaths.tag(ids[3], vip))).statusCode).toBe(204);
    expect(await list(`tagId=${vip}`)).toEqual(['member3@club.test']);
    expect((await asCrm('GET', fanPaths.tags(ids[3]))).json().data).toEqual([
      { id: vip, name: 'VIP', tagType: 'fans' },
    ]);
    const foreignTag = await tag(other.accountId, 'Theirs');
    expect((await asCrm('POST', fanPaths.tag(ids[3], foreignTag))).statusCode).toBe(404);

    const pass = await offer(account.accountId, 'Derby pass');
    const fan = await signUp({}, account.accountKey);
    await fanCall('POST', fanPublicPaths.purchases, fan.token, { paymentOfferId: pass.offerId }, account.accountKey);
    expect(await list(`productId=${pass.productId}`)).toEqual([fan.fan.email]);

    // A profile: fans with the VIP tag, plus one added by hand.
    const created = await asCrm('POST', fanPaths.profiles, { name: 'Insiders', rules: { tagIds: [vip] } });
    expect(created.statusCode).toBe(201);
    const profile = created.json();
    expect(profile.memberCount).toBe(1);
    expect((await asCrm('POST', fanPaths.profile(ids[7], profile.id))).statusCode).toBe(204);
    expect(await list(`profileId=${profile.id}`)).toEqual(['member7@club.test', 'member3@club.test']);
    const detail = (await asCrm('GET', `${fanPaths.fan(ids[7])}?expand=[Profile]`)).json();
    expect(detail.profiles).toEqual([{ id: profile.id, name: 'Insiders' }]);
    expect((await asCrm('GET', fanPaths.fan(ids[7]))).json().profiles).toBeUndefined();
    expect((await asCrm('DELETE', fanPaths.profile(ids[7], profile.id))).statusCode).toBe(204);
    expect(await list(`profileId=${profile.id}`)).toEqual(['member3@club.test']);
    await ctx.db.delete(fans).where(eq(fans.id, fan.fan.id));
  });

  it('counts active, new and subscribed fans over a period', async () => {
    const period = `from=${encodeURIComponent(new Date(Date.now() - 4.5 * 86_400_000).toISOString())}`;
    expect((await asCrm('GET', `${fanPaths.countActives}?${period}`)).json().count).toBe(5);
    expect((await asCrm('GET', fanPaths.countNew)).json().count).toBe(25);
    const pass = await offer(account.accountId, 'Monthly pass', 'monthly');
    const fan = await signUp({}, account.accountKey);
    await fanCall('POST', fanPublicPaths.purchases, fan.token, { paymentOfferId: pass.offerId }, account.accountKey);
    expect((await asCrm('GET', fanPaths.subscriptionsCount)).json().count).toBe(1);
    expect((await asCrm('GET', fanPaths.subscriptionsCountNew)).json().count).toBe(1);
    const past = `to=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`;
    expect((await asCrm('GET', `${fanPaths.subscriptionsCount}?${past}`)).json().count).toBe(0);
    await ctx.db.delete(fans).where(eq(fans.id, fan.fan.id));
  });

  it('tags and blocks every fan a filter holds, across pages', async () => {
    const bulkTag = await tag(account.accountId, 'Member');
    const filter = { search: 'ultra' };
    const tagged = await asCrm('POST', fanPaths.bulk, { filter, addTagId: bulkTag });
    expect(tagged.json()).toEqual({ matched: 5, changed: 5 });
    expect((await asCrm('POST', fanPaths.bulk, { filter, addTagId: bulkTag })).json()).toEqual({
      matched: 5,
      changed: 0,
    });
    expect((await asCrm('GET', `${fanPaths.list}?tagId=${bulkTag}&limit=1`)).json().total).toBe(5);
    const blocked = await asCrm('POST', fanPaths.bulk, { filter: { tagId: bulkTag }, isBlocked: true });
    expect(blocked.json()).toEqual({ matched: 5, changed: 5 });
    expect((await asCrm('GET', `${fanPaths.list}?blocked=true&limit=1`)).json().total).toBe(6);
    await asCrm('POST', fanPaths.bulk, { filter: { tagId: bulkTag }, removeTagId: bulkTag });
    expect((await asCrm('GET', `${fanPaths.list}?tagId=${bulkTag}&limit=1`)).json().total).toBe(0);
    expect((await asCrm('POST', fanPaths.bulk, { filter: { tagId: bulkTag }, isBlocked: false })).json().changed).toBe(
      0,
    );
    await asCrm('POST', fanPaths.bulk, { filter: { search: 'ultra' }, isBlocked: false });
    const neither = await asCrm('POST', fanPaths.bulk, { filter: {}, isBlocked: false, addTagId: bulkTag });
    expect(neither.statusCode).toBe(400);
  });

  it('exports the filtered fans as a streamed CSV', async () => {
    const all = await ctx.app.inject({
      url: fanPaths.export,
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    expect(all.headers[HEADER_EXPORT_TOTAL]).toBe('25');
    const lines = all.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(FAN_EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(26);
    expect(lines[1]).toMatch(new RegExp(`^${ids[24]},member24@club.test,member24,`));
    // Cells as COPY writes them, formulas defused: quoted for a quote or a comma, spaces kept.
    const [odd] = await ctx.db
      .insert(fans)
      .values({
        accountId: account.accountId,
        email: 'odd@club.test',
        passwordHash: 'seeded',
        nickname: '=HYPERLINK("x")',
        firstName: 'Zoé, "la" fan',
        lastName: ' Edge ',
        country: null,
        lastActiveAt: new Date('2026-05-04T10:11:12.345Z'),
      })
      .returning();
    if (!odd) throw new Error('fan not inserted');
    const oddExport = await ctx.app.inject({
      url: `${fanPaths.export}?search=odd@`,
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(oddExport.body.trimEnd().split('\n')[1]).toBe(
      `${odd.id},odd@club.test,"'=HYPERLINK(""x"")","Zoé, ""la"" fan", Edge ,,en,false,` +
        `${odd.createdAt.toISOString()},2026-05-04T10:11:12.345Z`,
    );
    await ctx.db.delete(fans).where(eq(fans.id, odd.id));
    const ultras = await ctx.app.inject({
      url: `${fanPaths.export}?search=ultra`,
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(ultras.body.trimEnd().split('\n')).toHaveLength(6);
  });

  it('keeps to the account, the role and the module; read_only reads but does not write', async () => {
    const fan = ids[0];
    expect((await staff('GET', fanPaths.fan(fan), other.token)).statusCode).toBe(404);
    expect((await staff('PUT', fanPaths.extended(fan), other.token, { isBlocked: true })).statusCode).toBe(404);
    expect((await staff('DELETE', fanPaths.fan(fan), other.token)).statusCode).toBe(404);
    expect((await staff('GET', fanPaths.sessions(fan), other.token)).statusCode).toBe(404);
    const noRole = await signIn(ctx, { roles: ['sport_player_write'], modules: ['FANS_CRM', 'SPORT_EVENTS'] });
    expect((await staff('GET', fanPaths.list, noRole.token)).statusCode).toBe(403);
    const noModule = await signIn(ctx, { roles: ['use_crm'], modules: [] });
    expect((await staff('GET', fanPaths.list, noModule.token)).statusCode).toBe(403);
    expect((await staff('GET', fanPaths.profiles, noModule.token)).statusCode).toBe(403);

    expect((await staff('GET', fanPaths.list, reader)).statusCode).toBe(200);
    const mine = (await staff('GET', fanPaths.list)).json().data[0].id;
    expect((await staff('PUT', fanPaths.extended(mine), reader, { isBlocked: true })).statusCode).toBe(403);
    expect((await staff('DELETE', fanPaths.fan(mine), reader)).statusCode).toBe(403);
    expect((await staff('POST', fanPaths.profiles, reader, { name: 'Nope' })).statusCode).toBe(403);
    expect((await staff('POST', fanPaths.bulk, reader, { filter: {}, isBlocked: true })).statusCode).toBe(403);

    expect((await asCrm('DELETE', fanPaths.fan(fan))).statusCode).toBe(204);
    expect((await asCrm('GET', fanPaths.fan(fan))).statusCode).toBe(404);
  });
});

describe('fan profiles', () => {
  it('creates, reads, changes, counts and deletes profiles in the account only', async () => {
    const created = await staff('POST', fanPaths.profiles, crm.token, {
      name: 'Recent',
      description: 'Seen this week',
      rules: { activeWithinDays: 7 },
    });
    expect(created.statusCode).toBe(201);
    const profile = created.json();
    expect(profile.rules).toEqual({ tagIds: [], activeWithinDays: 7, productIds: [] });
    expect((await staff('POST', fanPaths.profiles, crm.token, { name: 'Recent' })).statusCode).toBe(409);
    const count = await staff('POST', fanPaths.profilesCount, crm.token, { rules: { activeWithinDays: 7 } });
    expect(count.json().count).toBe(profile.memberCount);
    expect(profile.memberCount).toBeGreaterThan(0);
    const changed = await staff('PUT', fanPaths.profileById(profile.id), crm.token, { name: 'Everyone by hand' });
    expect(changed.json()).toMatchObject({ name: 'Everyone by hand', memberCount: 0 });
    expect((await staff('GET', fanPaths.profiles, crm.token)).json().data.map((p: { id: number }) => p.id)).toContain(
      profile.id,
    );
    expect((await staff('GET', fanPaths.profileById(profile.id), other.token)).statusCode).toBe(404);
    expect((await staff('DELETE', fanPaths.profileById(profile.id), other.token)).statusCode).toBe(404);
    expect((await staff('DELETE', fanPaths.profileById(profile.id), crm.token)).statusCode).toBe(204);
    expect((await staff('GET', fanPaths.profileById(profile.id), crm.token)).statusCode).toBe(404);
  });
});

describe('the audit trail of the staff actions on fans', () => {
  it('records a block, a tag, a profile membership, a bulk action and a deletion, each once', async () => {
    const audit = auditReader(ctx);
    const { fan } = await signUp();
    const history = () => audit(crm.accountId, { resource: 'fans', resourceId: fan.id });
    expect((await staff('PUT', fanPaths.extended(fan.id), crm.token, { isBlocked: true })).statusCode).toBe(200);
    // A repeat changes nothing and records nothing.
    expect((await staff('PUT', fanPaths.extended(fan.id), crm.token, { isBlocked: true })).statusCode).toBe(200);
    const vip = await tag(crm.accountId, 'Audited VIP');
    expect((await staff('POST', fanPaths.tag(fan.id, vip), crm.token)).statusCode).toBe(204);
    expect((await staff('POST', fanPaths.tag(fan.id, vip), crm.token)).statusCode).toBe(204);
    const profile = (await staff('POST', fanPaths.profiles, crm.token, { name: 'Audited by hand' })).json();
    expect((await staff('POST', fanPaths.profile(fan.id, profile.id), crm.token)).statusCode).toBe(204);
    expect((await staff('DELETE', fanPaths.profile(fan.id, profile.id), crm.token)).statusCode).toBe(204);
    expect((await history()).map((entry) => [entry.action, entry.changes])).toEqual([
      ['update', { profile: { before: { id: profile.id, name: 'Audited by hand' }, after: null } }],
      ['update', { profile: { before: null, after: { id: profile.id, name: 'Audited by hand' } } }],
      ['tag', { tag: { before: null, after: { id: vip, name: 'Audited VIP' } } }],
      ['block', { isBlocked: { before: false, after: true } }],
    ]);
    const [blocked] = await audit(crm.accountId, { resource: 'fans', resourceId: fan.id, action: 'block' });
    expect(blocked).toMatchObject({ accountId: crm.accountId, resource: 'fans', resourceId: fan.id });
    expect(blocked?.userId).not.toBeNull();

    const bulk = await staff('POST', fanPaths.bulk, crm.token, { filter: { tagId: vip }, removeTagId: vip });
    expect(bulk.json()).toEqual({ matched: 1, changed: 1 });
    const [untagged] = await audit(crm.accountId, { resource: 'fans', action: 'untag' });
    expect(untagged).toMatchObject({
      resourceId: null,
      changes: {
        tag: { before: { id: vip, name: 'Audited VIP' }, after: null },
        filter: { before: null, after: { tagId: vip } },
        fansChanged: { before: null, after: 1 },
      },
    });

    expect((await staff('DELETE', fanPaths.fan(fan.id), crm.token)).statusCode).toBe(204);
    const [deleted] = await history();
    // An erasure: the entry keeps the fan's id, never their email.
    expect(deleted).toMatchObject({ action: 'delete', resourceId: fan.id, changes: {} });
    expect(JSON.stringify(await history())).not.toContain(fan.email);
    const profileHistory = await audit(crm.accountId, { resource: 'fan-profiles', resourceId: profile.id });
    expect(profileHistory.map((entry) => entry.action)).toEqual(['create']);
    expect(profileHistory[0]?.changes.name).toEqual({ before: null, after: 'Audited by hand' });
    // Another account's manager sees none of it.
    expect(await audit(other.accountId, { resource: 'fans', resourceId: fan.id })).toEqual([]);
  });
});
