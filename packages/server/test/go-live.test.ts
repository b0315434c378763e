import { type GoLiveCheck, type GoLiveChecks, goLivePaths } from '@regie/contract/go-live';
import { LIFECYCLE_MESSAGES, lifecyclePaths } from '@regie/contract/lifecycle';
import { renderMessage } from '@regie/contract/messages.render';
import type { ModuleCode } from '@regie/contract/modules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCameras } from '../src/db/cameras.table.ts';
import { fanGames } from '../src/db/games.table.ts';
import { liveInputs } from '../src/db/live.table.ts';
import { simulcasts, simulcastTargets } from '../src/db/simulcast.table.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let club: BuiltAccount;
let bare: BuiltAccount;
const tokens: Record<string, string> = {};

const CLUB_MODULES: ModuleCode[] = ['SPORT_EVENTS', 'AWS_STREAM', 'EMBED', 'CHAT', 'ADDON_MOTM', 'ADDON_PREDICTOR'];

async function call(as: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return ctx.request({ method, url, token: tokens[as] ?? '', ...(payload ? { payload } : {}) });
}

async function newEvent(as: string, fields: Record<string, unknown> = {}): Promise<number> {
  const made = await call(as, 'POST', '/main-api/events', { name: 'Derby', state: 'upcoming', ...fields });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<{ id: number }>().id;
}

async function checksOf(eventId: number, as = 'producer'): Promise<GoLiveChecks> {
  const response = await call(as, 'GET', goLivePaths.checks(eventId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GoLiveChecks>();
}

const byId = (checks: GoLiveChecks) =>
  Object.fromEntries(checks.checks.map((check) => [check.check, check])) as Record<string, GoLiveCheck | undefined>;

/** A camera of the event on a new input of the account, receiving or not. */
async function camera(accountId: number, eventId: number, receiving: boolean): Promise<number> {
  const [input] = await ctx.db
    .insert(liveInputs)
    .values({
      accountId,
      name: `Cam ${eventId}`,
      streamKey: `gl_${eventId}_${Math.random().toString(36).slice(2)}`,
      state: receiving ? 'live' : 'idle',
    })
    .returning({ id: liveInputs.id });
  const inputId = input?.id ?? 0;
  await ctx.db.insert(contentCameras).values({ accountId, eventId, inputId, label: 'Wide' });
  return inputId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.buildAccount({ modules: CLUB_MODULES });
  bare = await ctx.buildAccount({ modules: ['SPORT_EVENTS'] });
  const rival = await ctx.buildAccount({ modules: CLUB_MODULES });
  const users = {
    producer: await ctx.buildUser({ accountId: club.id, roles: ['sport_player_write'] }),
    clipper: await ctx.buildUser({ accountId: club.id, roles: ['clip_only'] }),
    rival: await ctx.buildUser({ accountId: rival.id, roles: ['sport_player_write'] }),
    bareProducer: await ctx.buildUser({ accountId: bare.id, roles: ['sport_player_write'] }),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await ctx.login(user.username, user.password);
});
afterAll(() => ctx.close());

describe('GET events/{id}/go-live-checks', () => {
  it('warns of each thing fans would miss, with its fix or its tab', async () => {
    const id = await newEvent('producer');
    const checks = await checksOf(id);
    expect(checks).toMatchObject({
      eventId: id,
      state: 'upcoming',
      fans: { visible: false, reason: 'notPublished' },
      needsCameraConfirmation: true,
    });
    expect(checks.checks.map((check) => [check.check, check.status, check.reason])).toEqual([
      ['published', 'warning', 'notPublished'],
      ['embed', 'warning', 'embedOff'],
      ['camera', 'warning', 'noCamera'],
      ['simulcast', 'off', 'noSimulcast'],
      ['chat', 'warning', 'chatOff'],
      ['motm', 'off', 'motmOff'],
      ['predictor', 'off', 'predictorOff'],
    ]);
    const items = byId(checks);
    expect(items.published?.fix).toEqual({ kind: 'publish' });
    expect(items.embed?.fix).toEqual({ kind: 'activateModules', modules: ['EMBED'] });
    expect(items.chat?.fix).toEqual({ kind: 'activateModules', modules: ['CHAT'] });
    // No one click starts an encoder: the camera's warning leads to the stream tab.
    expect(items.camera).toMatchObject({ fix: null, tab: 'stream', count: 0, total: 0 });
  });

  it('turns ok as the event is set up: published, embed and chat on, a camera receiving, targets started', async () => {
    const id = await newEvent('producer', { published: true, activatedModules: ['EMBED', 'CHAT', 'AWS_STREAM'] });
    const idleInput = await camera(club.id, id, false);
    let items = byId(await checksOf(id));
    expect(items.camera).toMatchObject({ status: 'warning', reason: 'cameraNotReceiving', count: 0, total: 1 });

    await camera(club.id, id, true);
    const [simulcast] = await ctx.db
      .insert(simulcasts)
      .values({ accountId: club.id, name: 'Socials', inputId: idleInput })
      .returning({ id: simulcasts.id });
    const simulcastId = simulcast?.id ?? 0;
    items = byId(await checksOf(id));
    expect(items.simulcast).toMatchObject({ status: 'warning', reason: 'noTargets', fix: null, tab: 'stream' });

    const targets = await ctx.db
      .insert(simulcastTargets)
      .values([
        { simulcastId, accountId: club.id, name: 'YouTube', url: 'rtmp://a.example/live', streamKey: 'k1' },
        {
          simulcastId,
          accountId: club.id,
          name: 'Twitch',
          url: 'rtmp://b.example/live',
          streamKey: 'k2',
          running: true,
        },
      ])
      .returning({ id: simulcastTargets.id });
    const checks = await checksOf(id);
    items = byId(checks);
    expect(checks.fans).toEqual({ visible: true, reason: null });
    expect(checks.needsCameraConfirmation).toBe(false);
    expect(items.published).toMatchObject({ status: 'ok', reason: 'published', fix: null });
    expect(items.embed).toMatchObject({ status: 'ok', reason: 'embedOn' });
    expect(items.chat).toMatchObject({ status: 'ok', reason: 'chatOpen' });
    expect(items.camera).toMatchObject({ status: 'ok', reason: 'cameraReceiving', count: 1, total: 2 });
    expect(items.simulcast).toMatchObject({
      status: 'warning',
      reason: 'targetsStopped',
      count: 1,
      total: 2,
      fix: { kind: 'startTargets', targets: [{ simulcastId, targetId: targets[0]?.id }] },
    });

    await ctx.db.update(simulcastTargets).set({ running: true }).where(eq(simulcastTargets.simulcastId, simulcastId));
    expect(byId(await checksOf(id)).simulcast).toMatchObject({ status: 'ok', reason: 'targetsRunning', count: 2 });
  });

  it('says whether the man-of-the-match vote is open, and offers to open it', async () => {
    const kickOff = new Date(Date.now() + 3 * 3600_000).toISOString();
    const id = await newEvent('producer', { startsAt: kickOff, activatedModules: ['ADDON_MOTM', 'ADDON_PREDICTOR'] });
    let items = byId(await checksOf(id));
    expect(items.motm).toMatchObject({ status: 'off', reason: 'noVote', tab: 'motm' });
    expect(items.predictor).toMatchObject({ status: 'off', reason: 'noPredictor', tab: 'predictor' });

    const [game] = await ctx.db
      .insert(fanGames)
      .values({ accountId: club.id, eventId: id, kind: 'motm' })
      .returning({ id: fanGames.id });
    await ctx.db
      .insert(fanGames)
      .values({ accountId: club.id, eventId: id, kind: 'predictor', exactScorePoints: 3, rightResultPoints: 1 });
    items = byId(await checksOf(id));
    // The account's default window opens at kick-off, three hours away.
    expect(items.motm).toMatchObject({
      status: 'warning',
      reason: 'voteClosed',
      fix: { kind: 'openVote', gameId: game?.id },
    });
    expect(items.predictor).toMatchObject({ status: 'ok', reason: 'predictorReady' });

    await ctx.db
      .update(fanGames)
      .set({ opensAt: new Date(Date.now() - 60_000) })
      .where(eq(fanGames.id, game?.id ?? 0));
    expect(byId(await checksOf(id)).motm).toMatchObject({ status: 'ok', reason: 'voteOpen', fix: null });
  });

  it('leaves out what the account does not hold, and judges fans on publishing alone without EMBED', async () => {
    const id = await newEvent('bareProducer', { published: true });
    const checks = await checksOf(id, 'bareProducer');
    expect(checks.checks.map((check) => check.check)).toEqual(['published', 'camera', 'simulcast']);
    expect(checks.fans).toEqual({ visible: true, reason: null });
  });

  it('is read by whoever reads the event, in its account only', async () => {
    const id = await newEvent('producer');
    expect((await call('clipper', 'GET', goLivePaths.checks(id))).statusCode).toBe(200);
    expect((await call('rival', 'GET', goLivePaths.checks(id))).statusCode).toBe(404);
    expect((await call('bareProducer', 'GET', goLivePaths.checks(id))).statusCode).toBe(404);
    expect((await ctx.request({ url: goLivePaths.checks(id) })).statusCode).toBe(401);
    expect((await call('producer', 'GET', goLivePaths.checks(999_999))).statusCode).toBe(404);
    expect((await call('producer', 'GET', goLivePaths.checks('abc'))).statusCode).toBe(400);
  });
});

describe('POST events/{id}/start-live without a camera receiving', () => {
  it('refuses with 409 and a clear message (en and fr) unless confirmed', async () => {
    const id = await newEvent('producer');
    await camera(club.id, id, false);
    const refused = await call('producer', 'POST', lifecyclePaths.transition('events', id, 'start-live'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(renderMessage(LIFECYCLE_MESSAGES.noCameraReceiving, 'en'));
    const french = await ctx.request({
      method: 'POST',
      url: lifecyclePaths.transition('events', id, 'start-live'),
      token: tokens.producer ?? '',
      headers: { 'accept-language': 'fr' },
    });
    expect(french.statusCode).toBe(409);
    expect(french.json<{ message: string }>().message).toBe(renderMessage(LIFECYCLE_MESSAGES.noCameraReceiving, 'fr'));
    expect((await checksOf(id)).state).toBe('upcoming');

    const unknownField = await call('producer', 'POST', lifecyclePaths.transition('events', id, 'start-live'), {
      withoutCamera: 'yes',
    });
    expect(unknownField.statusCode).toBe(400);
    const confirmed = await call('producer', 'POST', lifecyclePaths.transition('events', id, 'start-live'), {
      withoutCamera: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await checksOf(id)).state).toBe('live');
  });

  it('goes live without a confirmation when a camera receives', async () => {
    const id = await newEvent('producer');
    await camera(club.id, id, true);
    const started = await call('producer', 'POST', lifecyclePaths.transition('events', id, 'start-live'));
    expect(started.statusCode, started.body).toBe(200);
  });
});
