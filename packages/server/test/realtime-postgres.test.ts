import { randomBytes } from 'node:crypto';
import { paths } from '@regie/contract/api';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { AUTH_PURGE_TOPIC } from '../src/cache/cache.shared.ts';
import { sessions } from '../src/db/sessions.table.ts';
import type { HubEvent, RealtimeHub } from '../src/realtime/realtime.hub.ts';
import { createPostgresHub, LISTENER_APPLICATION_NAME } from '../src/realtime/realtime.postgres.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';

/**
 * The PostgreSQL hub (issue 27, "one hub, always"): processes on one database without Redis
 * share events through LISTEN/NOTIFY. PostgreSQL only: PGlite is one process's embedded
 * database, with no connections of other processes to notify, so without TEST_DATABASE_URL
 * this file is skipped.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) console.warn('realtime-postgres: skipped, LISTEN/NOTIFY needs PostgreSQL (TEST_DATABASE_URL)');
const describePostgres = describe.skipIf(!postgres);

let ctx: TestContext;
let url: string;
beforeAll(async () => {
  if (!postgres) return;
  ctx = await createTestContext({ config: { authCacheTtlMs: 60_000 } });
  if (!ctx.databaseUrl) throw new Error('a PostgreSQL run has a database url');
  url = ctx.databaseUrl;
});
afterAll(() => ctx?.close());

/** Channel of its own per hub pair, so the tests of this file never see each other's events. */
const channelName = () => `regie_test_${randomBytes(6).toString('hex')}`;

/** What a hub's subscribers of `pattern` receive, in order. */
function received(hub: RealtimeHub, pattern: string) {
  const events: { topic: string; event: HubEvent }[] = [];
  hub.subscribe(pattern, (topic, event) => events.push({ topic, event }));
  return {
    events,
    types: () => events.map(({ event }) => event.type),
    /** Waits until `count` events arrived (NOTIFY is asynchronous). */
    until: (count: number) => vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(count), { timeout: 5_000 }),
  };
}

/** Waits until the hub listens again: a probe it publishes comes back through PostgreSQL. */
async function listeningAgain(hub: RealtimeHub): Promise<void> {
  let back = false;
  const stop = hub.subscribe('probe/**', () => {
    back = true;
  });
  try {
    await vi.waitFor(
      async () => {
        if (back) return;
        // Published while the listener is down, a probe is lost: publish until one arrives.
        await hub.publish('probe/listening', { type: 'probe', payload: null });
        throw new Error('the hub does not listen yet');
      },
      { timeout: 10_000, interval: 50 },
    );
  } finally {
    stop();
  }
}

/** Ends every realtime listener connection on this file's database, as a restart or a network cut would. */
async function killListeners(): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = $1`,
      [LISTENER_APPLICATION_NAME],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describePostgres('two processes on one PostgreSQL, without Redis (PostgreSQL only)', () => {
  it('delivers what one publishes to the subscribers of both, in the same order, by pattern', async () => {
    const channel = channelName();
    const one = await createPostgresHub({ url, channel });
    const two = await createPostgresHub({ url, channel });
    try {
      const oneAccount = received(one, '12/**');
      const twoJobs = received(two, '12/admin/*');
      const twoOther = received(two, '13/**');
      const twoAll = received(two, '**');
      const oneAll = received(one, '**');

      await one.publish('12/admin/jobs', { type: 'first', payload: 1 });
      await one.publish('13/chat/room', { type: 'other account', payload: 2 });
      await one.publish('12/chat/room/4', { type: 'deeper', payload: 3 });
      await one.publish('12/admin/jobs', { type: 'last', payload: 4 });
      await twoAll.until(4);
      await oneAll.until(4);

      expect(oneAccount.types()).toEqual(['first', 'deeper', 'last']);
      expect(twoJobs.types()).toEqual(['first', 'last']);
      expect(twoOther.types()).toEqual(['other account']);
      expect(twoAll.events.map(({ topic }) => topic)).toEqual([
        '12/admin/jobs',
        '13/chat/room',
        '12/chat/room/4',
        '12/admin/jobs',
      ]);

      // Both publishing at once: every process sees one order, PostgreSQL's.
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          (index % 2 === 0 ? one : two).publish('14/race', { type: `race ${index}`, payload: index }),
        ),
      );
      await oneAll.until(14);
      await twoAll.until(14);
      expect(oneAll.types()).toEqual(twoAll.types());
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('delivers an event larger than a NOTIFY payload whole, in its place', async () => {
    const channel = channelName();
    const one = await createPostgresHub({ url, channel });
    const two = await createPostgresHub({ url, channel });
    try {
      const events = received(two, '12/**');
      // 9,000 bytes in 4,500 characters: the limit is PostgreSQL's, in bytes.
      const text = 'é'.repeat(4_500);
      await one.publish('12/admin/jobs', { type: 'before', payload: null });
      await one.publish('12/admin/jobs', { type: 'large', payload: { text } });
      await one.publish('12/admin/jobs', { type: 'after', payload: null });
      await events.until(3);
      expect(events.types()).toEqual(['before', 'large', 'after']);
      expect(events.events[1]?.event.payload).toEqual({ text });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('listens again after its connection is killed, and asks for a resync', async () => {
    const errors: unknown[] = [];
    const hub = await createPostgresHub({ url, channel: channelName(), onError: (error) => errors.push(error) });
    try {
      let resyncs = 0;
      hub.onResync(() => {
        resyncs += 1;
      });
      const events = received(hub, '12/**');
      await hub.publish('12/admin/jobs', { type: 'before', payload: null });
      await events.until(1);

      expect(await killListeners()).toBe(1);
      await listeningAgain(hub);
      await hub.publish('12/admin/jobs', { type: 'after', payload: null });
      await events.until(2);

      expect(events.types()).toEqual(['before', 'after']);
      // Once when the listener was lost, once more when it listened again (more if attempts failed).
      expect(resyncs).toBeGreaterThanOrEqual(2);
      expect(errors.length).toBeGreaterThanOrEqual(1);
    } finally {
      await hub.close();
    }
  });
});

describePostgres('two app instances on one PostgreSQL, without Redis (PostgreSQL only)', () => {
  let one: App;
  let two: App;
  beforeAll(async () => {
    // Each opens its own pool and, with DATABASE_URL and no REDIS_URL, the PostgreSQL hub.
    // Errors only: the listeners killed below are reported as warnings, on purpose.
    const config = testConfig({ databaseUrl: url, redisUrl: null, authCacheTtlMs: 60_000, logLevel: 'error' });
    one = await buildApp(config);
    two = await buildApp(config);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const contextOn = (app: App, token: string) => app.inject({ url: paths.meContext, headers: bearer(token) });

  /** Resolves when instance two has received the next revocation; fails after 2 s. */
  const revocationReachesTwo = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no revocation reached instance two within 2 s')), 2_000);
      const stop = two.realtime.subscribe(AUTH_PURGE_TOPIC, () => {
        clearTimeout(timer);
        stop();
        resolve();
      });
    });

  it('refuses on two a token signed out on one', async () => {
    expect(one.realtime.backend).toBe('postgres');
    const user = await ctx.buildUser({ roles: ['video_write'], modules: ['VIDEOS'] });
    const token = await ctx.login(user.username, user.password);
    expect((await contextOn(two, token)).statusCode).toBe(200);

    // NOTIFY is asynchronous: the revocation reaches two shortly after the sign-out answers.
    const delivered = revocationReachesTwo();
    expect((await one.inject({ method: 'DELETE', url: paths.logout, headers: bearer(token) })).statusCode).toBe(204);
    await delivered;
    expect((await contextOn(two, token)).statusCode).toBe(401);
  });

  it('forgets its signed-in sessions when its listener comes back, since it may have missed revocations', async () => {
    const user = await ctx.buildUser({ roles: ['video_write'], modules: ['VIDEOS'] });
    const token = await ctx.login(user.username, user.password);
    expect((await contextOn(two, token)).statusCode).toBe(200);
    // A revocation whose notification never arrives (sent while two's listener was down).
    await ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect((await contextOn(two, token)).statusCode).toBe(200);

    expect(await killListeners()).toBe(2);
    await listeningAgain(two.realtime);
    expect((await contextOn(two, token)).statusCode).toBe(401);
  });
});
