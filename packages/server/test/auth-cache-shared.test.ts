import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { paths, USERS_API } from '@regie/contract/api';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { AUTH_PURGE_TOPIC } from '../src/cache/cache.shared.ts';
import { fromPglite, PGLITE_EXTENSIONS } from '../src/db/database.ts';
import type { RealtimeHub } from '../src/realtime/realtime.hub.ts';
import { createRedisHub } from '../src/realtime/realtime.redis.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';
import { pgliteTemplate } from './pglite-template.ts';

const USERS = `${USERS_API}/users`;
const GROUPS = `${USERS_API}/groups`;
const ACCOUNTS = `${USERS_API}/accounts`;
const config = testConfig({ authCacheTtlMs: 60_000 });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { authCacheTtlMs: 60_000 } });
});
afterAll(() => ctx.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a cached signed-in request', () => {
  it('runs no database query at all', async () => {
    // A database of its own whose queries are counted, loaded from the same seeded template.
    const client = await PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: PGLITE_EXTENSIONS });
    let queries = 0;
    const query = client.query.bind(client);
    client.query = ((...args: Parameters<typeof client.query>) => {
      queries += 1;
      return query(...args);
    }) as typeof client.query;
    const database = fromPglite(client);
    const app = await buildApp(config, { database });
    try {
      const login = await app.inject({
        method: 'POST',
        url: paths.login,
        payload: { username: 'editor', password: DEMO_PASSWORD },
      });
      const token: string = login.json().accessToken;
      const first = await app.inject({ url: paths.meContext, headers: bearer(token) });
      expect(first.statusCode).toBe(200);
      queries = 0;
      for (const url of [paths.meContext, paths.me, paths.adminPayload]) {
        await app.inject({ url, headers: bearer(token) });
      }
      // users/me and admin-payload are loaded once, then served from their caches.
      queries = 0;
      for (const url of [paths.meContext, paths.me, paths.adminPayload]) {
        expect((await app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
      }
      expect(queries).toBe(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

/** Redis at TEST_REDIS_URL or the local default; skipped where none listens. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = connect({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(500);
  socket
    .once('connect', () => resolve(true))
    .once('error', () => resolve(false))
    .once('timeout', () => resolve(false));
});

describe.skipIf(!redisReachable)('across two app instances sharing Redis', () => {
  let hubs: RealtimeHub[];
  let one: App;
  let two: App;
  let admin: string;
  beforeAll(async () => {
    // A channel of its own, so parallel runs sharing this Redis never see each other's events.
    const channel = `regie:test:${randomBytes(6).toString('hex')}`;
    const shared = {
      db: ctx.db,
      driver: 'pglite' as const,
      migrate: async () => undefined,
      close: async () => undefined,
    };
    hubs = [await createRedisHub({ url: redisUrl, channel }), await createRedisHub({ url: redisUrl, channel })];
    one = await buildApp(config, { database: shared, hub: hubs[0] });
    two = await buildApp(config, { database: shared, hub: hubs[1] });
    admin = await ctx.login('admin');
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await Promise.all(hubs.map((hub) => hub.close()));
  });

  /** Resolves once instance two has received the next revocation (pub/sub is asynchronous). */
  const revocationReachesTwo = () =>
    new Promise<void>((resolve) => {
      const stop = hubs[1]?.subscribe(AUTH_PURGE_TOPIC, () => {
        stop?.();
        resolve();
      });
    });

  /** A user signed in on instance two, whose context instance two has cached. */
  async function cachedOnTwo() {
    const user = await ctx.buildUser({ roles: ['video_write'], modules: ['VIDEOS'] });
    const token = await ctx.login(user.username, user.password);
    const context = await two.inject({ url: paths.meContext, headers: bearer(token) });
    expect(context.json().roles).toEqual(['video_write']);
    return { user, token };
  }

  const contextOnTwo = (token: string) => two.inject({ url: paths.meContext, headers: bearer(token) });

  it('logout on one is refused on two', async () => {
    const { token } = await cachedOnTwo();
    const delivered = revocationReachesTwo();
    expect((await one.inject({ method: 'DELETE', url: paths.logout, headers: bearer(token) })).statusCode).toBe(204);
    await delivered;
    expect((await contextOnTwo(token)).statusCode).toBe(401);
  });

  it('a user disabled on one is refused on two', async () => {
    const { user, token } = await cachedOnTwo();
    const delivered = revocationReachesTwo();
    const response = await one.inject({
      method: 'PUT',
      url: `${USERS}/${user.id}`,
      headers: bearer(admin),
      payload: { disabled: true },
    });
    expect(response.statusCode).toBe(200);
    await delivered;
    expect((await contextOnTwo(token)).statusCode).toBe(401);
  });

  it('a role removed on one is gone on two', async () => {
    const { user, token } = await cachedOnTwo();
    const [group] = (await one.inject({ url: paths.userGroups(user.id), headers: bearer(admin) })).json();
    const delivered = revocationReachesTwo();
    await one.inject({ method: 'PUT', url: `${GROUPS}/${group.id}`, headers: bearer(admin), payload: { roles: [] } });
    await delivered;
    expect((await contextOnTwo(token)).json().roles).toEqual([]);
  });

  it('a module removed on one is gone on two', async () => {
    const { user, token } = await cachedOnTwo();
    const delivered = revocationReachesTwo();
    await one.inject({
      method: 'PUT',
      url: `${ACCOUNTS}/${user.accountId}`,
      headers: bearer(admin),
      payload: { modules: [] },
    });
    await delivered;
    expect((await contextOnTwo(token)).json().modules).toEqual([]);
  });
});
