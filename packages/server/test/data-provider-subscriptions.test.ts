import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  type MappingItem,
  mappingPaths,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionItem,
} from '@regie/contract/data-provider-subscriptions';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedPollTask } from '../src/data-providers/feed-poll.task.ts';
import { claimDuePolls } from '../src/data-providers/feed-poll.ts';
import { competitions } from '../src/db/competitions.table.ts';
import { dataProviderSubscriptions } from '../src/db/data-providers.table.ts';
import { events, markers } from '../src/db/events.table.ts';
import { sports } from '../src/db/sports.table.ts';
import { startWorkers, type Workers } from '../src/jobs/jobs.worker.ts';
import { localStorage } from '../src/storage/storage.local.ts';
import { type FeedServer, startFeedServer } from './feed-server.ts';
import { waitFor } from './jobs-fixtures.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/feeds/', import.meta.url));

import { auditReader } from './audit-trail-fixtures.ts';
import { type BuiltUser, createTestContext, type TestContext, testConfig } from './helpers.ts';

const USERNAME = 'feed-user-7f3a';
const PASSWORD = 'S3cret-feed-pass-91c2';

let ctx: TestContext;
let logs = '';
let feed: FeedServer;
let writer: BuiltUser;
let token: string;
let eventId: number;
/** The API's and the poller's configuration: one media secret, the feed server allowed. */
const pollConfig = {
  ...testConfig().videos,
  mediaSecret: 'a-test-media-secret-of-forty-characters!!',
  importAllowHosts: ['127.0.0.1'],
};

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
  ctx = await createTestContext({
    config: {
      logLevel: 'info',
      logRequests: true,
      videos: pollConfig,
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

  it("offers the account's own events to map, newest first, each with its start (legs share a name)", async () => {
    const first = await insertEvent(writer.accountId, { name: 'Cup tie', startsAt: new Date('2031-03-01T19:00:00Z') });
    const second = await insertEvent(writer.accountId, { name: 'Cup tie', startsAt: new Date('2031-03-08T19:00:00Z') });
    const other = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['IMPORTDATA'] });
    const foreign = await insertEvent(other.accountId, { name: 'Cup tie', startsAt: new Date('2031-03-15T19:00:00Z') });
    const response = await ctx.request({ url: `${mappingPaths.records}?entity=event`, token });
    expect(response.statusCode, response.body).toBe(200);
    const records: { id: number; name: string; startsAt?: string }[] = response.json().data;
    expect(records.slice(0, 2)).toEqual([
      { id: second, name: 'Cup tie', startsAt: '2031-03-08T19:00:00.000Z' },
      { id: first, name: 'Cup tie', startsAt: '2031-03-01T19:00:00.000Z' },
    ]);
    expect(records.map((record) => record.id)).not.toContain(foreign);
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

    // The audit trail: the credentials only as having changed.
    const audit = auditReader(ctx);
    const entries = await audit(writer.accountId, { resource: 'data-provider-subscriptions', resourceId: item.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'create',
      accountId: writer.accountId,
      userId: writer.id,
      changes: {
        mappingId: { before: null, after: mappingId },
        url: { before: null, after: `${feed.url}/match.json` },
        username: { changed: true },
        password: { changed: true },
      },
    });
    expect(JSON.stringify(entries)).not.toContain(PASSWORD);
    expect(JSON.stringify(entries)).not.toContain(USERNAME);
  });

  it('records a mapping and a subscription made and deleted; a key in the feed URL stays out of the trail', async () => {
    const audit = auditReader(ctx);
    const event = await insertEvent(writer.accountId, { name: 'Audited derby' });
    const { statusCode, mapping } = await makeMapping(token, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: event,
      providerId: '99',
    });
    expect(statusCode).toBe(201);
    const created = await subscribe(
      { url: `${feed.url}/match.json?apikey=k-55e1`, intervalSeconds: 5, active: false },
      token,
      mapping.id,
    );
    expect(created.statusCode, created.body).toBe(201);
    const subscription: SubscriptionItem = created.json();
    const paused = await ctx.request({
      method: 'PATCH',
      url: mappingPaths.subscriptionSettings(mapping.id, subscription.id),
      token,
      payload: { intervalSeconds: 9 },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const removed = await ctx.request({
      method: 'DELETE',
      url: mappingPaths.subscription(mapping.id, subscription.id),
      token,
    });
    expect(removed.statusCode).toBe(204);
    const history = await audit(writer.accountId, {
      resource: 'data-provider-subscriptions',
      resourceId: subscription.id,
    });
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(history[1]?.changes).toEqual({ intervalSeconds: { before: 5, after: 9 } });
    expect(history[2]?.changes.url).toEqual({ before: null, after: `${feed.url}/match.json` });
    expect(JSON.stringify(history)).not.toContain('k-55e1');

    expect((await ctx.request({ method: 'DELETE', url: mappingPaths.one(mapping.id), token })).statusCode).toBe(204);
    const mappingHistory = await audit(writer.accountId, {
      resource: 'data-provider-mappings',
      resourceId: mapping.id,
    });
    expect(mappingHistory.map((entry) => entry.action)).toEqual(['delete', 'create']);
    expect(mappingHistory[1]?.changes).toMatchObject({
      provider: { before: null, after: 'statsbomb' },
      entity: { before: null, after: 'event' },
      recordId: { before: null, after: event },
      providerId: { before: null, after: '99' },
    });
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
    // A wrong password lists nothing the same way: not an empty 200.
    const wrongList = await ctx.request({
      url: `${mappingPaths.subscriptions(mappingId)}?username=second-user&password=nope`,
      token,
    });
    expect(wrongList.statusCode).toBe(404);
    expect(wrongList.json().message).toBe(wrong.json().message);
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

describe('pausing, resuming and re-timing a subscription (PATCH, beyond the spec)', () => {
  const LONG = 60;
  let mappingId: number;
  let pausedId: number;
  let tickerId: number;
  const warnings: object[] = [];
  const config = testConfig({ videos: pollConfig });
  const task = feedPollTask(config);
  const storageFolder = join(tmpdir(), `regie-feed-patch-${process.pid}`);
  /** One look of the workers' feed task, run here: what is due is polled before it returns. */
  const pollNow = () =>
    task.run({
      db: ctx.db,
      storage: localStorage(storageFolder, '/images'),
      log: { info: () => undefined, warn: (object) => warnings.push(object), error: (object) => warnings.push(object) },
    });
  const hits = (path: string) => feed.hits.get(path) ?? 0;
  const row = async (id: number) => {
    const [found] = await ctx.db.select().from(dataProviderSubscriptions).where(eq(dataProviderSubscriptions.id, id));
    if (!found) throw new Error(`subscription ${id} gone`);
    return found;
  };
  const makeDue = (id: number) =>
    ctx.db
      .update(dataProviderSubscriptions)
      .set({ nextPollAt: new Date(Date.now() - 1_000) })
      .where(eq(dataProviderSubscriptions.id, id));
  const patch = (payload: unknown, ids: { mapping?: number; subscription?: number } = {}, userToken = token) =>
    ctx.request({
      method: 'PATCH',
      url: mappingPaths.subscriptionSettings(ids.mapping ?? mappingId, ids.subscription ?? pausedId),
      token: userToken,
      payload: payload as Record<string, unknown>,
    });
  /** The answer, with the credentials nowhere in it. */
  const patched = async (payload: unknown): Promise<SubscriptionItem> => {
    const response = await patch(payload);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(PASSWORD);
    expect(response.body).not.toContain(USERNAME);
    return response.json();
  };

  beforeAll(async () => {
    const [football] = await ctx.db.select().from(sports).where(eq(sports.name, 'Football'));
    const match = await insertEvent(writer.accountId, { name: 'Paused feed match', sportId: football?.id ?? null });
    const { mapping } = await makeMapping(token, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: match,
      providerId: '3788741',
    });
    mappingId = mapping.id;
    const document = JSON.parse(readFileSync(join(FIXTURES, 'match.statsbomb.json'), 'utf8')) as {
      events: unknown[];
      lineups: unknown[];
    };
    const published = JSON.stringify({ events: document.events.slice(0, 10), lineups: document.lineups });
    feed.documents.set('/paused.json', published);
    feed.documents.set('/ticker.json', published);
    const ids: number[] = [];
    for (const path of ['/paused.json', '/ticker.json']) {
      const created = await ctx.request({
        method: 'POST',
        url: mappingPaths.subscriptions(mappingId),
        token,
        payload: { url: `${feed.url}${path}`, username: USERNAME, password: PASSWORD, intervalSeconds: LONG },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    [pausedId = 0, tickerId = 0] = ids;
  });
  afterAll(async () => {
    // Its subscriptions go with it: the next describe's claims see only its own feeds.
    await ctx.request({ method: 'DELETE', url: mappingPaths.one(mappingId), token });
    await rm(storageFolder, { recursive: true, force: true });
  });

  it('pauses: the poller skips it even when due, the feed beside it is still polled', async () => {
    await pollNow();
    expect([hits('/paused.json'), hits('/ticker.json')]).toEqual([1, 1]);
    const polledAt = (await row(pausedId)).lastPolledAt;
    expect(polledAt).not.toBeNull();

    const item = await patched({ paused: true });
    expect(item).toMatchObject({ id: pausedId, active: false, hasCredentials: true, intervalSeconds: LONG });

    await Promise.all([makeDue(pausedId), makeDue(tickerId)]);
    await pollNow();
    expect(hits('/ticker.json')).toBe(2);
    expect(hits('/paused.json')).toBe(1);
    expect((await row(pausedId)).lastPolledAt).toEqual(polledAt);
    expect(await claimDuePolls(ctx.db)).toEqual([]);
    const listed = await ctx.request({ url: mappingPaths.subscriptions(mappingId), token });
    expect(listed.json().data.find((s: SubscriptionItem) => s.id === pausedId)).toMatchObject({ active: false });
  });

  it('resumes: due at once, and polled with the credentials typed at creation', async () => {
    const refused = feed.refused;
    const item = await patched({ paused: false });
    expect(item).toMatchObject({ active: true, hasCredentials: true, intervalSeconds: LONG });
    expect(new Date(item.nextPollAt).getTime()).toBeLessThanOrEqual(Date.now());
    await pollNow();
    expect(hits('/paused.json')).toBe(2);
    // The ticker was polled one interval ago: not due, not fetched.
    expect(hits('/ticker.json')).toBe(2);
    expect(feed.refused).toBe(refused);
    expect(await row(pausedId)).toMatchObject({ lastStatus: 'unchanged', lastError: null });
    expect(warnings).toEqual([]);
    // Resuming what runs already does not poll it again before its time.
    const next = (await row(pausedId)).nextPollAt;
    expect((await patched({ paused: false })).nextPollAt).toBe(next.toISOString());
  });

  it('changes the interval: the next poll no later than one new interval away, then every new interval', async () => {
    const before = (await row(pausedId)).nextPollAt.getTime();
    const start = Date.now();
    const shorter = await patched({ intervalSeconds: 30 });
    const end = Date.now();
    expect(shorter).toMatchObject({ active: true, intervalSeconds: 30 });
    const next = new Date(shorter.nextPollAt).getTime();
    expect(next).toBeLessThan(before);
    expect(next).toBeGreaterThanOrEqual(start + 30_000 - 1);
    expect(next).toBeLessThanOrEqual(end + 30_000);

    // A longer interval keeps the poll already planned.
    expect((await patched({ intervalSeconds: 3_600 })).nextPollAt).toBe(shorter.nextPollAt);

    await makeDue(pausedId);
    const polledFrom = Date.now();
    await pollNow();
    const polledTo = Date.now();
    expect(hits('/paused.json')).toBe(3);
    const after = (await row(pausedId)).nextPollAt.getTime();
    expect(after).toBeGreaterThanOrEqual(polledFrom + 3_600_000 - 1);
    expect(after).toBeLessThanOrEqual(polledTo + 3_600_000);

    // Both at once: paused with its new interval, resumed later with it.
    expect(await patched({ paused: true, intervalSeconds: 10 })).toMatchObject({ active: false, intervalSeconds: 10 });
    const resumed = await patched({ paused: false });
    expect(resumed).toMatchObject({ active: true, intervalSeconds: 10 });
    expect(new Date(resumed.nextPollAt).getTime()).toBeLessThanOrEqual(Date.now());
    const stored = await row(pausedId);
    expect(stored.url).toBe(`${feed.url}/paused.json`);
    expect(stored.passwordSealed).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuses bad values with a clear message (400), changing nothing', async () => {
    const before = await row(pausedId);
    const cases: [unknown, string | null][] = [
      [{}, renderMessage(SUBSCRIPTION_MESSAGES.nothingToChange)],
      [{ intervalSeconds: 4 }, renderMessage(SUBSCRIPTION_MESSAGES.intervalMin)],
      [{ intervalSeconds: 3_601 }, renderMessage(SUBSCRIPTION_MESSAGES.intervalMax)],
      [{ intervalSeconds: 7.5 }, renderMessage(SUBSCRIPTION_MESSAGES.intervalWhole)],
      [{ intervalSeconds: '10' }, null],
      [{ paused: 'yes' }, null],
      [{ paused: null }, null],
      [{ paused: true, url: `${feed.url}/other.json` }, null],
      [{ paused: true, username: 'u', password: 'p' }, null],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.body, JSON.stringify(payload)).toContain(message);
    }
    const after = await row(pausedId);
    expect(after).toMatchObject({
      active: before.active,
      intervalSeconds: before.intervalSeconds,
      url: before.url,
      nextPollAt: before.nextPollAt,
    });
  });

  it("answers 404 for another account's mapping or subscription, and for another mapping's subscription", async () => {
    const other = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['IMPORTDATA'] });
    const otherToken = await ctx.login(other.username, other.password);
    const theirEvent = await insertEvent(other.accountId, { name: 'Their match' });
    const { mapping: theirs } = await makeMapping(otherToken, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: theirEvent,
      providerId: '11',
    });
    const theirSubscription = await ctx.request({
      method: 'POST',
      url: mappingPaths.subscriptions(theirs.id),
      token: otherToken,
      payload: { url: `${feed.url}/theirs.json`, active: false },
    });
    expect(theirSubscription.statusCode, theirSubscription.body).toBe(201);
    const theirId: number = theirSubscription.json().id;
    const before = await row(pausedId);

    const foreign = await patch({ paused: true }, {}, otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(renderMessage(SUBSCRIPTION_MESSAGES.mappingNotFound(mappingId)));
    const theirMapping = await patch({ paused: false }, { mapping: theirs.id, subscription: theirId });
    expect(theirMapping.statusCode).toBe(404);
    const crossed = await patch({ paused: false }, { subscription: theirId });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe(renderMessage(SUBSCRIPTION_MESSAGES.subscriptionIdNotFound(theirId)));
    expect((await patch({ paused: true }, { subscription: 999_999 })).statusCode).toBe(404);
    expect((await patch({ paused: true }, { mapping: 999_999 })).statusCode).toBe(404);

    expect((await row(theirId)).active).toBe(false);
    expect((await row(pausedId)).active).toBe(before.active);
    // Their own call still works for them.
    const own = await patch({ intervalSeconds: 20 }, { mapping: theirs.id, subscription: theirId }, otherToken);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ active: false, intervalSeconds: 20 });
  });

  it('is for the data feeds rule, like the other calls', async () => {
    const withoutModule = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['SPORT_EVENTS'] });
    const userToken = await ctx.login(withoutModule.username, withoutModule.password);
    expect((await patch({ paused: true }, {}, userToken)).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'PATCH', url: mappingPaths.subscriptionSettings(mappingId, pausedId), payload: {} }))
        .statusCode,
    ).toBe(401);
  });
});

describe('following a growing feed', () => {
  const INTERVAL = 5;
  let workers: Workers;
  let matchId: number;
  let mappingId: number;
  let subscriptionId: number;
  const match = JSON.parse(readFileSync(join(FIXTURES, 'match.statsbomb.json'), 'utf8')) as {
    events: { index: number; type: { name: string }; shot?: { outcome?: { name: string } } }[];
    lineups: unknown[];
  };
  /** The match as published after its first `count` events. */
  const publish = (count: number) =>
    feed.documents.set('/live.json', JSON.stringify({ events: match.events.slice(0, count), lineups: match.lineups }));
  const firstGoal = match.events.findIndex((event) => event.shot?.outcome?.name === 'Goal');
  const subscription = async (): Promise<SubscriptionItem> => {
    const response = await ctx.request({ url: mappingPaths.subscriptions(mappingId), token });
    const found = response.json().data.find((item: SubscriptionItem) => item.id === subscriptionId);
    if (!found) throw new Error('subscription gone');
    return found;
  };
  const eventMarkers = () => ctx.db.select().from(markers).where(eq(markers.eventId, matchId));

  beforeAll(async () => {
    const [football] = await ctx.db.select().from(sports).where(eq(sports.name, 'Football'));
    matchId = await insertEvent(writer.accountId, {
      name: 'Live match',
      sportId: football?.id ?? null,
      periods: [
        { period: 1, startsAt: 0 },
        { period: 2, startsAt: 3_000 },
      ],
    });
    const { mapping } = await makeMapping(token, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: matchId,
      providerId: '3788741',
    });
    mappingId = mapping.id;
    // Published up to the event before the first goal: a saved shot, passes, no marker yet.
    publish(firstGoal);
    const created = await ctx.request({
      method: 'POST',
      url: mappingPaths.subscriptions(mappingId),
      token,
      payload: { url: `${feed.url}/live.json`, username: USERNAME, password: PASSWORD, intervalSeconds: INTERVAL },
    });
    expect(created.statusCode).toBe(201);
    subscriptionId = created.json().id;
    const config = testConfig({ videos: pollConfig });
    workers = startWorkers(ctx.db, {
      concurrency: 1,
      pollMs: 100,
      dataDir: config.dataDir,
      config,
      periodic: [feedPollTask(config)],
    });
  });
  afterAll(() => workers?.stop({ graceMs: 1_000 }));

  it('polls the feed with its credentials and applies it', async () => {
    const first = await waitFor(
      async () => {
        const item = await subscription();
        return item.lastStatus ? item : null;
      },
      { timeoutMs: (INTERVAL + 10) * 1000, what: 'the first poll' },
    );
    expect(first).toMatchObject({ lastStatus: 'ok', lastError: null, lastCreated: 0 });
    expect(first.lastPolledAt).not.toBeNull();
    expect(feed.refused).toBe(0);
    expect(await eventMarkers()).toHaveLength(0);
  });

  it('turns a new goal into a marker within one interval', async () => {
    publish(firstGoal + 1);
    const published = Date.now();
    const [goal] = await waitFor(
      async () => {
        const rows = await eventMarkers();
        return rows.length > 0 ? rows : null;
      },
      { timeoutMs: (INTERVAL + 3) * 1000, what: 'the goal marker' },
    );
    expect(Date.now() - published).toBeLessThan((INTERVAL + 3) * 1000);
    expect(goal?.providerEventId).toBeTruthy();
    expect((await subscription()).lastCreated).toBe(1);
  });

  it('writes nothing for an unchanged feed', async () => {
    const before = await eventMarkers();
    const [row] = await ctx.db
      .select()
      .from(dataProviderSubscriptions)
      .where(eq(dataProviderSubscriptions.id, subscriptionId));
    const hits = feed.hits.get('/live.json') ?? 0;
    await waitFor(() => (feed.hits.get('/live.json') ?? 0) > hits, {
      timeoutMs: (INTERVAL + 3) * 1000,
      what: 'the next poll',
    });
    const after = await waitFor(
      async () => {
        const item = await subscription();
        return item.lastStatus === 'unchanged' ? item : null;
      },
      { what: 'the unchanged status' },
    );
    expect(after.lastCreated).toBe(1);
    const [rowAfter] = await ctx.db
      .select()
      .from(dataProviderSubscriptions)
      .where(eq(dataProviderSubscriptions.id, subscriptionId));
    expect(rowAfter?.lastDigest).toBe(row?.lastDigest);
    const markersAfter = await eventMarkers();
    expect(markersAfter.map((marker) => [marker.id, marker.updatedAt.toISOString()])).toEqual(
      before.map((marker) => [marker.id, marker.updatedAt.toISOString()]),
    );
  });

  it('shows a failed poll in the status, and recovers', async () => {
    feed.documents.set('/live.json', '{"events": [');
    const failed = await waitFor(
      async () => {
        const item = await subscription();
        return item.lastStatus === 'error' ? item : null;
      },
      { timeoutMs: (INTERVAL + 3) * 1000, what: 'the error status' },
    );
    expect(failed.lastError).toMatch(/truncated|JSON/i);
    publish(firstGoal + 1);
    await waitFor(
      async () => (await subscription()).lastStatus === 'unchanged' || (await subscription()).lastStatus === 'ok',
      {
        timeoutMs: (INTERVAL + 3) * 1000,
        what: 'the recovery',
      },
    );
    expect(await eventMarkers()).toHaveLength(1);
  });

  it('hands each due feed to one poller only, and none while its event is not on', async () => {
    const later = await insertEvent(writer.accountId, {
      name: 'Next week',
      state: 'upcoming',
      startsAt: new Date(Date.now() + 7 * 86_400_000),
    });
    const { mapping } = await makeMapping(token, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: later,
      providerId: '9',
    });
    await ctx.request({
      method: 'POST',
      url: mappingPaths.subscriptions(mapping.id),
      token,
      payload: { url: `${feed.url}/live.json`, username: USERNAME, password: PASSWORD, intervalSeconds: 5 },
    });
    await workers.stop({ graceMs: 1_000 });
    await ctx.db.update(dataProviderSubscriptions).set({ nextPollAt: new Date(Date.now() - 1_000) });
    const [one, two] = await Promise.all([claimDuePolls(ctx.db), claimDuePolls(ctx.db)]);
    const claimed = [...(one ?? []), ...(two ?? [])].map((poll) => poll.id);
    expect(claimed).toContain(subscriptionId);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.filter((id) => id === subscriptionId)).toHaveLength(1);
    const laterSubscriptions = await ctx.db
      .select()
      .from(dataProviderSubscriptions)
      .where(eq(dataProviderSubscriptions.mappingId, mapping.id));
    expect(claimed).not.toContain(laterSubscriptions[0]?.id);
    // Claimed: not due again before its interval.
    expect(await claimDuePolls(ctx.db)).toEqual([]);
  });
});
