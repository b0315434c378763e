import { PassThrough } from 'node:stream';
import {
  type MappingItem,
  mappingPaths,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionItem,
} from '@regie/contract/data-provider-subscriptions';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions } from '../src/db/competitions.table.ts';
import { dataProviderSubscriptions } from '../src/db/data-providers.table.ts';
import { events } from '../src/db/events.table.ts';
import { type FeedServer, startFeedServer } from './feed-server.ts';
import { type BuiltUser, createTestContext, type TestContext, testConfig } from './helpers.ts';

const USERNAME = 'feed-user-7f3a';
const PASSWORD = 'S3cret-feed-pass-91c2';

let ctx: TestContext;
let logs = '';
let feed: FeedServer;
let writer: BuiltUser;
let token: string;
let eventId: number;

async function insertEvent(accountId: number, values: Partial<typeof events.$inferInsert> = {}): Promise<number> {
  const [row] = await ctx.db
    .insert(events)
    .values({ name: 'Derby', accountId, state: 'live', startsAt: new Date(Date.now() - 600_000), ...values })
    .returning({ id: events.id });
  if (!row) throw new Error('event not inserted');
  return row.id;
}

async function makeMapping(
  userToken: string,
  body: Record<string, unknown>,
): Promise<{ statusCode: number; mapping: MappingItem }> {
  const response = await ctx.request({ method: 'POST', url: mappingPaths.list, token: userToken, payload: body });
  return { statusCode: response.statusCode, mapping: response.json() };
}

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    logs += chunk.toString('utf8');
  });
  const base = testConfig();
  ctx = await createTestContext({
    config: {
      logLevel: 'info',
      logRequests: true,
      videos: {
        ...base.videos,
        mediaSecret: 'a-test-media-secret-of-forty-characters!!',
        importAllowHosts: ['127.0.0.1'],
      },
    },
    dependencies: { logStream: stream },
  });
  feed = await startFeedServer({ username: USERNAME, password: PASSWORD });
  writer = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['IMPORTDATA', 'SPORT_EVENTS'] });
  token = await ctx.login(writer.username, writer.password);
  eventId = await insertEvent(writer.accountId);
  // The first file after a change of the sources builds the database template (minutes on a busy machine).
}, 600_000);
afterAll(async () => {
  await feed?.close();
  await ctx?.close();
});

describe('data provider mappings', () => {
  it("maps one of the account's events to a provider's id and lists it", async () => {
    const { statusCode, mapping } = await makeMapping(token, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: eventId,
      providerId: '3788741',
      label: 'Derby feed',
    });
    expect(statusCode).toBe(201);
    expect(mapping).toMatchObject({ provider: 'statsbomb', entity: 'event', recordId: eventId, recordName: 'Derby' });
    const list = await ctx.request({ url: mappingPaths.list, token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((item: MappingItem) => item.providerId)).toContain('3788741');
    const again = await makeMapping(token, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: eventId,
      providerId: 'x',
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses another account's record as if it did not exist (404)", async () => {
    const other = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['IMPORTDATA'] });
    const foreignEvent = await insertEvent(other.accountId);
    const { statusCode, mapping } = await makeMapping(token, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: foreignEvent,
      providerId: '1',
    });
    expect(statusCode).toBe(404);
    expect((mapping as unknown as { message: string }).message).toBe(
      renderMessage(SUBSCRIPTION_MESSAGES.recordNotFound('event', foreignEvent)),
    );
  });

  it('maps a competition, and answers the record name', async () => {
    const [competition] = await ctx.db
      .insert(competitions)
      .values({ name: 'League One', accountId: writer.accountId, sportId: 1 })
      .returning();
    const { statusCode, mapping } = await makeMapping(token, {
      provider: 'openfootball',
      entity: 'competition',
      recordId: competition?.id,
      providerId: 'en.1',
    });
    expect(statusCode).toBe(201);
    expect(mapping.recordName).toBe('League One');
    const subscribe = await ctx.request({
      method: 'POST',
      url: mappingPaths.subscriptions(mapping.id),
      token,
      payload: { url: `${feed.url}/match.json` },
    });
    expect(subscribe.statusCode).toBe(400);
    expect(subscribe.json().message).toBe(renderMessage(SUBSCRIPTION_MESSAGES.notAnEvent));
    const deleted = await ctx.request({ method: 'DELETE', url: mappingPaths.one(mapping.id), token });
    expect(deleted.statusCode).toBe(204);
  });

  it('is for sport_player_write with the IMPORTDATA module', async () => {
    const withoutModule = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['SPORT_EVENTS'] });
    const withoutRole = await ctx.buildUser({ roles: ['video_write'], modules: ['IMPORTDATA'] });
    for (const user of [withoutModule, withoutRole]) {
      const userToken = await ctx.login(user.username, user.password);
      expect((await ctx.request({ url: mappingPaths.list, token: userToken })).statusCode).toBe(403);
      expect((await ctx.request({ url: mappingPaths.subscriptions(1), token: userToken })).statusCode).toBe(403);
    }
    expect((await ctx.request({ url: mappingPaths.list })).statusCode).toBe(401);
  });
});

describe('data provider subscriptions', () => {
  let mappingId: number;

  beforeAll(async () => {
    const event = await insertEvent(writer.accountId, { name: 'Cup final' });
    const { mapping } = await makeMapping(token, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: event,
      providerId: '7',
    });
    mappingId = mapping.id;
  });

  const subscribe = (payload: Record<string, unknown>, userToken = token, id = mappingId) =>
    ctx.request({ method: 'POST', url: mappingPaths.subscriptions(id), token: userToken, payload });

  it('stores the credentials encrypted and never answers them', async () => {
    const created = await subscribe({
      url: `${feed.url}/match.json`,
      username: USERNAME,
      password: PASSWORD,
      intervalSeconds: 5,
      active: false,
    });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain(PASSWORD);
    expect(created.body).not.toContain(USERNAME);
    const item: SubscriptionItem = created.json();
    expect(item).toMatchObject({ hasCredentials: true, intervalSeconds: 5, active: false, lastStatus: null });

    const [row] = await ctx.db
      .select()
      .from(dataProviderSubscriptions)
      .where(eq(dataProviderSubscriptions.id, item.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain(USERNAME);
    expect(stored).not.toContain(Buffer.from(PASSWORD).toString('base64'));
    expect(row?.passwordSealed).toMatch(/^[\w-]+\.[\w-]+$/);

    const listed = await ctx.request({ url: mappingPaths.subscriptions(mappingId), token });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(PASSWORD);
    expect(listed.json().data.map((s: SubscriptionItem) => s.id)).toContain(item.id);
    const mappings = await ctx.request({ url: mappingPaths.list, token });
    expect(mappings.body).not.toContain(PASSWORD);
    expect(mappings.body).not.toContain(USERNAME);
  });

  it('GET and DELETE name a subscription by the credentials in the query (spec §7), redacted in the logs', async () => {
    const created = await subscribe({
      url: `${feed.url}/other.json`,
      username: 'second-user',
      password: 'second-pass-4471',
      intervalSeconds: 30,
      active: false,
    });
    expect(created.statusCode).toBe(201);
    const query = `?username=${encodeURIComponent(USERNAME)}&password=${encodeURIComponent(PASSWORD)}`;
    const narrowed = await ctx.request({ url: `${mappingPaths.subscriptions(mappingId)}${query}`, token });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().data).toHaveLength(1);
    expect(narrowed.json().data[0].url).toBe(`${feed.url}/match.json`);
    expect(narrowed.body).not.toContain(PASSWORD);

    const wrong = await ctx.request({
      method: 'DELETE',
      url: `${mappingPaths.subscriptions(mappingId)}?username=second-user&password=nope`,
      token,
    });
    expect(wrong.statusCode).toBe(404);
    const removed = await ctx.request({
      method: 'DELETE',
      url: `${mappingPaths.subscriptions(mappingId)}?username=second-user&password=second-pass-4471`,
      token,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: 1 });
    const left = await ctx.request({ url: mappingPaths.subscriptions(mappingId), token });
    expect(left.json().data.map((s: SubscriptionItem) => s.url)).not.toContain(`${feed.url}/other.json`);

    // The request log lines were written, with the query's credentials redacted.
    expect(logs).toContain('/subscriptions?username=[redacted]&password=[redacted]');
    for (const secret of [PASSWORD, encodeURIComponent(PASSWORD), 'second-pass-4471', USERNAME]) {
      expect(logs).not.toContain(secret);
    }
  });

  it('refuses a private address, a bad URL, credentials in the URL and a short interval (400)', async () => {
    const cases = [
      { url: 'http://10.0.0.8/feed.json' },
      { url: 'http://169.254.169.254/latest/meta-data' },
      { url: 'ftp://example.com/feed.json' },
      { url: 'not a url' },
      { url: `http://user:pass@127.0.0.1:${feed.port}/match.json` },
      { url: `${feed.url}/match.json`, intervalSeconds: 4 },
      { url: `${feed.url}/match.json`, username: 'only-a-name' },
    ];
    for (const payload of cases) {
      const response = await subscribe(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const short = await subscribe({ url: `${feed.url}/match.json`, intervalSeconds: 4 });
    expect(short.body).toContain(renderMessage(SUBSCRIPTION_MESSAGES.intervalMin));
    const inUrl = await subscribe({ url: `http://user:pass@127.0.0.1:${feed.port}/match.json` });
    expect(inUrl.json().message).toBe(renderMessage(SUBSCRIPTION_MESSAGES.urlCredentials));
    expect(logs).not.toContain('user:pass');
  });

  it("answers 404 for another account's mapping, whatever the call", async () => {
    const other = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['IMPORTDATA'] });
    const otherToken = await ctx.login(other.username, other.password);
    expect((await subscribe({ url: `${feed.url}/match.json` }, otherToken)).statusCode).toBe(404);
    expect((await ctx.request({ url: mappingPaths.subscriptions(mappingId), token: otherToken })).statusCode).toBe(404);
    const query = `?username=${USERNAME}&password=${PASSWORD}`;
    expect(
      (
        await ctx.request({
          method: 'DELETE',
          url: `${mappingPaths.subscriptions(mappingId)}${query}`,
          token: otherToken,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.request({ method: 'DELETE', url: mappingPaths.one(mappingId), token: otherToken })).statusCode,
    ).toBe(404);
  });
});
