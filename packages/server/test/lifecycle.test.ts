import {
  LIFECYCLE_MESSAGES,
  type LifecycleResponse,
  type LifecycleStatus,
  lifecyclePaths,
} from '@regie/contract/lifecycle';
import { renderMessage } from '@regie/contract/messages.render';
import { MODULE_CODES } from '@regie/contract/modules';
import type { Role } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { contentCameras } from '../src/db/cameras.table.ts';
import { liveInputs, liveSegments } from '../src/db/live.table.ts';
import { videoPendingShares } from '../src/db/videos.table.ts';
import { createMemoryHub, type HubEvent } from '../src/realtime/realtime.hub.ts';
import { type BuiltAccount, createTestContext, type TestContext } from './helpers.ts';

const hub = createMemoryHub();
let ctx: TestContext;
let accountA: BuiltAccount;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

async function user(name: string, account: BuiltAccount, roles: Role[]) {
  const built = await ctx.buildUser({ accountId: account.id, roles });
  tokens[name] = await ctx.login(built.username, built.password);
  userIds[name] = built.id;
}

const post = (url: string, as: string, payload?: object) =>
  ctx.request({ method: 'POST', url, token: tokens[as] ?? '', ...(payload ? { payload } : {}) });
/** These events have no camera receiving: going live says so (go-live.test.ts checks the refusal). */
const withoutCamera = { withoutCamera: true };

async function newEvent(state: 'upcoming' | 'live' | 'replay', as = 'producer'): Promise<number> {
  const response = await ctx.request({
    method: 'POST',
    url: '/main-api/events',
    token: tokens[as] ?? '',
    payload: { name: `Match ${state}`, state },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const path = (id: number, transition: Parameters<typeof lifecyclePaths.transition>[2]) =>
  lifecyclePaths.transition('events', id, transition);

beforeAll(async () => {
  // No Dailymotion app: its local stand-in (REGIE_SOCIAL_LOCAL on, the default) makes it linkable.
  ctx = await createTestContext({ dependencies: { hub } });
  accountA = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  const accountB = await ctx.buildAccount({ modules: [...MODULE_CODES] });
  const noAws = await ctx.buildAccount({ modules: ['SPORT_EVENTS'] });
  await user('producer', accountA, ['sport_player_write']);
  await user('streamer', accountA, ['sport_player_write', 'use_stream']);
  await user('clipper', accountA, ['clip_only', 'liveclipping_write']);
  await user('producerB', accountB, ['sport_player_write']);
  await user('streamerNoModule', noAws, ['sport_player_write', 'use_stream']);
});
afterAll(() => ctx.close());

describe('POST events/{id}/start-live and process-end-live', () => {
  it('moves upcoming → live → replay and publishes each change on /admin/{id}', async () => {
    const id = await newEvent('upcoming');
    const seen: HubEvent[] = [];
    const stop = hub.subscribe(`${accountA.id}/admin/${id}`, (_topic, event) => seen.push(event));
    const started = await post(path(id, 'start-live'), 'producer', withoutCamera);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({
      id,
      transition: 'start-live',
      previousState: 'upcoming',
      state: 'live',
      replay: null,
    });
    const ended = await post(path(id, 'process-end-live'), 'producer');
    expect(ended.json()).toMatchObject({ previousState: 'live', state: 'replay' });
    const stored = await ctx.request({ url: `/main-api/events/${id}`, token: tokens.producer ?? '' });
    expect(stored.json()).toMatchObject({ state: 'replay' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(seen.map((event) => event.type)).toEqual(['lifecycle.state', 'lifecycle.state']);
    expect(seen[1]?.payload).toMatchObject({ id, state: 'replay' });
  });

  it('answers 409 with a clear message from a wrong state', async () => {
    const id = await newEvent('replay');
    const refused = await post(path(id, 'process-end-live'), 'producer');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      renderMessage(LIFECYCLE_MESSAGES.wrongState('process-end-live', 'replay', 'live')),
    );
    const french = await ctx.request({
      method: 'POST',
      url: path(id, 'start-live'),
      token: tokens.producer ?? '',
      headers: { 'accept-language': 'fr' },
    });
    expect(french.statusCode).toBe(409);
    expect(french.json().message).toContain('à venir');
  });

  it('lets only sport player writers of the account move it', async () => {
    const id = await newEvent('upcoming');
    expect((await post(path(id, 'start-live'), 'clipper')).statusCode).toBe(403);
    expect((await post(path(id, 'start-live'), 'producerB')).statusCode).toBe(404);
    expect((await ctx.request({ method: 'POST', url: path(id, 'start-live') })).statusCode).toBe(401);
    expect((await post(lifecyclePaths.transition('events', 0, 'start-live'), 'producer')).statusCode).toBe(400);
    expect((await post(path(999_999, 'start-live'), 'producer')).statusCode).toBe(404);
  });
});

describe('the -aws and -dailymotion variants', () => {
  it('-aws needs use_stream and AWS_STREAM', async () => {
    const id = await newEvent('live');
    expect((await post(path(id, 'process-end-live-aws'), 'producer')).statusCode).toBe(403);
    const other = await newEvent('live', 'streamerNoModule');
    expect((await post(path(other, 'process-end-live-aws'), 'streamerNoModule')).statusCode).toBe(403);
    // An unknown id, or another account's, is 404 for a user who may call it.
    expect((await post(path(999_999, 'process-end-live-aws'), 'streamer')).statusCode).toBe(404);
    const theirs = await newEvent('live', 'producerB');
    expect((await post(path(theirs, 'process-end-live-aws'), 'streamer')).statusCode).toBe(404);
    const ended = await post(path(id, 'process-end-live-aws'), 'streamer');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ transition: 'process-end-live-aws', state: 'replay' });
  });

  it('-dailymotion ends the live when Dailymotion can be linked', async () => {
    const id = await newEvent('live');
    const ended = await post(path(id, 'process-end-live-dailymotion'), 'producer');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'replay' });
  });

  it('-dailymotion makes the replay from the recording and keeps its share for when it plays', async () => {
    const id = await newEvent('upcoming');
    const [input] = await ctx.db
      .insert(liveInputs)
      .values({ accountId: accountA.id, name: 'Wide', streamKey: `rk_lifecycle_${id}` })
      .returning({ id: liveInputs.id });
    await ctx.db
      .insert(contentCameras)
      .values({ accountId: accountA.id, eventId: id, inputId: input?.id ?? 0, label: 'Wide' });
    expect((await post(path(id, 'start-live'), 'producer', withoutCamera)).statusCode).toBe(200);
    // What the packager indexes while the camera is on air (the files themselves do not matter here).
    await ctx.db.insert(liveSegments).values({
      inputId: input?.id ?? 0,
      sequence: 0,
      startedAt: new Date(),
      duration: 2,
      path: `live/${input?.id}/0.ts`,
      bytes: 1000,
      discontinuity: true,
    });
    const ended = await post(path(id, 'process-end-live-dailymotion'), 'producer');
    expect(ended.statusCode, ended.body).toBe(200);
    const replay = ended.json<LifecycleResponse>().replay;
    expect(replay).not.toBeNull();
    const waiting = await ctx.db
      .select()
      .from(videoPendingShares)
      .where(eq(videoPendingShares.videoId, replay?.videoId ?? 0));
    expect(waiting).toEqual([expect.objectContaining({ target: 'dailymotion', userId: userIds.producer })]);
  });

  it('GET lifecycle says what this user may do next', async () => {
    const id = await newEvent('live');
    const status = await ctx.request({ url: lifecyclePaths.status('events', id), token: tokens.producer ?? '' });
    expect(status.statusCode).toBe(200);
    expect(status.json<LifecycleStatus>()).toEqual({
      id,
      state: 'live',
      transitions: [
        { transition: 'process-end-live', to: 'replay', allowed: true, reason: null },
        { transition: 'process-end-live-dailymotion', to: 'replay', allowed: true, reason: null },
        { transition: 'process-end-live-aws', to: 'replay', allowed: false, reason: 'role' },
      ],
    });
    const other = await ctx.request({ url: lifecyclePaths.status('events', id), token: tokens.producerB ?? '' });
    expect(other.statusCode).toBe(404);
  });
});

describe('with Dailymotion’s app and the stand-ins off', () => {
  let real: TestContext;
  beforeAll(async () => {
    const social = loadConfig({
      REGIE_SOCIAL_LOCAL: 'off',
      REGIE_DAILYMOTION_API_KEY: 'key',
      REGIE_DAILYMOTION_API_SECRET: 'secret',
    }).social;
    real = await createTestContext({ config: { social } });
  });
  afterAll(() => real.close());

  it('-dailymotion may be called: Dailymotion can be linked', async () => {
    const account = await real.buildAccount({ modules: [...MODULE_CODES] });
    const built = await real.buildUser({ accountId: account.id, roles: ['sport_player_write'] });
    const token = await real.login(built.username, built.password);
    const created = await real.request({
      method: 'POST',
      url: '/main-api/events',
      token,
      payload: { name: 'Live', state: 'live' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const status = await real.request({
      url: lifecyclePaths.status('events', created.json<{ id: number }>().id),
      token,
    });
    expect(status.json<LifecycleStatus>().transitions[1]).toMatchObject({
      transition: 'process-end-live-dailymotion',
      allowed: true,
      reason: null,
    });
  });
});

describe('when Dailymotion cannot be linked (no app, the stand-ins off)', () => {
  let bare: TestContext;
  const bareTokens: Record<string, string> = {};
  beforeAll(async () => {
    bare = await createTestContext({ config: { social: loadConfig({ REGIE_SOCIAL_LOCAL: 'off' }).social } });
    const account = await bare.buildAccount({ modules: [...MODULE_CODES] });
    const other = await bare.buildAccount({ modules: [...MODULE_CODES] });
    const roles: Role[] = ['sport_player_write', 'conf_player_write'];
    for (const [name, accountId] of [
      ['mine', account.id],
      ['other', other.id],
    ] as const) {
      const built = await bare.buildUser({ accountId, roles });
      bareTokens[name] = await bare.login(built.username, built.password);
    }
  });
  afterAll(() => bare.close());

  const live = async (resource: 'events' | 'business-players', as: string) => {
    const created = await bare.request({
      method: 'POST',
      url: `/main-api/${resource}`,
      token: bareTokens[as] ?? '',
      payload: {
        name: 'Live',
        state: 'live',
        ...(resource === 'events' ? {} : { startsAt: '2026-12-01T09:00:00.000Z' }),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };
  const endOn = (resource: 'events' | 'business-players', id: number, as = 'mine') =>
    bare.request({
      method: 'POST',
      url: lifecyclePaths.transition(resource, id, 'process-end-live-dailymotion'),
      token: bareTokens[as] ?? '',
    });

  it('-dailymotion answers 503 and the status says not-configured', async () => {
    const id = await live('events', 'mine');
    const refused = await endOn('events', id);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(renderMessage(LIFECYCLE_MESSAGES.dailymotionNotConfigured));
    const status = await bare.request({ url: lifecyclePaths.status('events', id), token: bareTokens.mine ?? '' });
    expect(status.json<LifecycleStatus>().transitions[1]).toMatchObject({ allowed: false, reason: 'not-configured' });
  });

  it.each([
    'events',
    'business-players',
  ] as const)("%s: an unknown id or another account's is 404 before the 503 (issue 24.9)", async (resource) => {
    const theirs = await live(resource, 'other');
    for (const id of [theirs, 999_999]) {
      const refused = await endOn(resource, id);
      expect(refused.statusCode, `${resource} ${id}`).toBe(404);
    }
    // The same call on the account's own record is the 503: the record was checked, then the configuration.
    expect((await endOn(resource, await live(resource, 'mine'))).statusCode).toBe(503);
  });
});

describe('POST business-players/{id}/start-live and process-end-live', () => {
  it('moves a conference upcoming → live → replay for its writers, and no one else', async () => {
    await user('speakerManager', accountA, ['conf_player_write']);
    const created = await ctx.request({
      method: 'POST',
      url: '/main-api/business-players',
      token: tokens.speakerManager ?? '',
      payload: { name: 'Opening keynote', state: 'upcoming', startsAt: '2026-12-01T09:00:00.000Z' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const conferencePath = (transition: 'start-live' | 'process-end-live') =>
      lifecyclePaths.transition('business-players', id, transition);
    // A sport writer of the same account may not move a conference; another account does not see it.
    expect((await post(conferencePath('start-live'), 'producer')).statusCode).toBe(403);
    expect((await post(conferencePath('start-live'), 'producerB')).statusCode).toBe(403);
    const started = await post(conferencePath('start-live'), 'speakerManager');
    expect(started.json()).toMatchObject({ previousState: 'upcoming', state: 'live' });
    const ended = await post(conferencePath('process-end-live'), 'speakerManager');
    expect(ended.json()).toMatchObject({ previousState: 'live', state: 'replay' });
    expect((await post(conferencePath('process-end-live'), 'speakerManager')).statusCode).toBe(409);
  });
});
