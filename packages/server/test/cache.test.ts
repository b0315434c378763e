import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { paths } from '@regie/contract/api';
import { CACHE_KEYS } from '@regie/contract/cache';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createMemoryCache } from '../src/cache/cache.service.ts';
import { sports } from '../src/db/sports.table.ts';
import { createRedisHub } from '../src/realtime/realtime.redis.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext({ config: { cacheTtlMs: 60_000 } });
  adminToken = await ctx.login('admin');
});
afterAll(() => ctx.close());

const sportNames = async (token: string) =>
  (await ctx.request({ url: paths.adminPayload, token })).json().sports.map((sport: { name: string }) => sport.name);

describe('the admin-payload cache and DELETE /main-api/utils/cache/{key}', () => {
  it('serves the cached payload until the key is purged', async () => {
    const producer = await ctx.login('producer');
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    expect(await sportNames(producer)).not.toContain('Padel');
    // Written behind the API's back: the cached payload does not know yet.
    await ctx.db.insert(sports).values({ name: 'Padel', accountId: club.id });
    expect(await sportNames(producer)).not.toContain('Padel');

    const purge = await ctx.request({
      method: 'DELETE',
      url: paths.cachePurge(CACHE_KEYS.adminPayload(club.id)),
      token: adminToken,
    });
    expect(purge.statusCode).toBe(200);
    expect(purge.json()).toEqual({ key: `admin-payload:${club.id}`, purged: 1 });
    expect(await sportNames(producer)).toContain('Padel');
  });

  it('is purged by the sports resource itself', async () => {
    const producer = await ctx.login('producer');
    await sportNames(producer);
    const created = await ctx.request({
      method: 'POST',
      url: '/main-api/sports',
      token: producer,
      payload: { name: 'Squash' },
    });
    expect(created.statusCode).toBe(201);
    expect(await sportNames(producer)).toContain('Squash');
  });

  it('purges every account with admin-payload, everything with all', async () => {
    await sportNames(await ctx.login('producer'));
    await sportNames(await ctx.login('simulcaster'));
    const all = await ctx.request({
      method: 'DELETE',
      url: paths.cachePurge(CACHE_KEYS.adminPayloads),
      token: adminToken,
    });
    expect(all.json().purged).toBeGreaterThanOrEqual(2);
    expect(
      (await ctx.request({ method: 'DELETE', url: paths.cachePurge('all'), token: adminToken })).json().purged,
    ).toBe(0);
  });

  it('refuses unknown keys (400) and users who cannot manage customers (403)', async () => {
    const unknown = await ctx.request({ method: 'DELETE', url: paths.cachePurge('sessions'), token: adminToken });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Unknown cache key sessions');
    const producer = await ctx.login('producer');
    expect((await ctx.request({ method: 'DELETE', url: paths.cachePurge('all'), token: producer })).statusCode).toBe(
      403,
    );
  });
});

describe('createMemoryCache', () => {
  it('expires entries after the TTL and never keeps a failed load', async () => {
    let now = 0;
    const cache = createMemoryCache(1_000, () => now);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await cache.getOrLoad('k', load)).toBe(1);
    expect(await cache.getOrLoad('k', load)).toBe(1);
    now = 1_001;
    expect(await cache.getOrLoad('k', load)).toBe(2);
    await expect(cache.getOrLoad('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('bad', async () => 'up')).toBe('up');
  });
});

/** Redis at TEST_REDIS_URL or the local default; the cross-process case is skipped where none listens. */
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

describe.skipIf(!redisReachable)('a purge across processes (two app instances over Redis)', () => {
  it('reaches the instance that did not receive the DELETE', async () => {
    // A channel of its own, so parallel runs sharing this Redis never see each other's purges.
    const channel = `regie:test:${randomBytes(6).toString('hex')}`;
    const shared = {
      db: ctx.db,
      driver: 'pglite' as const,
      migrate: async () => undefined,
      close: async () => undefined,
    };
    const hubs = [await createRedisHub({ url: redisUrl, channel }), await createRedisHub({ url: redisUrl, channel })];
    const [one, two] = [
      await buildApp(testConfig({ cacheTtlMs: 60_000 }), { database: shared, hub: hubs[0] }),
      await buildApp(testConfig({ cacheTtlMs: 60_000 }), { database: shared, hub: hubs[1] }),
    ];
    try {
      const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
      const producer = await ctx.login('producer');
      const admin = await ctx.login('admin');
      const namesOn = async (app: typeof one) =>
        (
          await app.inject({
            url: paths.adminPayload,
            headers: { authorization: `Bearer ${producer}` },
          })
        )
          .json()
          .sports.map((sport: { name: string }) => sport.name);
      // Both instances cache the payload, then a sport is written behind the API's back.
      expect(await namesOn(two)).not.toContain('Sepak takraw');
      await ctx.db.insert(sports).values({ name: 'Sepak takraw', accountId: club.id });
      expect(await namesOn(two)).not.toContain('Sepak takraw');

      const purge = await one.inject({
        method: 'DELETE',
        url: paths.cachePurge(CACHE_KEYS.adminPayload(club.id)),
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(purge.statusCode).toBe(200);
      await expect.poll(() => namesOn(two), { timeout: 3_000 }).toContain('Sepak takraw');
    } finally {
      await one.close();
      await two.close();
      await Promise.all(hubs.map((hub) => hub.close()));
    }
  });
});
