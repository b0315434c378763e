import { paths } from '@regie/contract/api';
import { CACHE_KEYS, cachePurgePath } from '@regie/contract/cache';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCache } from '../src/cache/cache.service.ts';
import { sports } from '../src/db/sports.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

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
      url: cachePurgePath(CACHE_KEYS.adminPayload(club.id)),
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
      url: cachePurgePath(CACHE_KEYS.adminPayloads),
      token: adminToken,
    });
    expect(all.json().purged).toBeGreaterThanOrEqual(2);
    expect((await ctx.request({ method: 'DELETE', url: cachePurgePath('all'), token: adminToken })).json().purged).toBe(
      0,
    );
  });

  it('refuses unknown keys (400) and users who cannot manage customers (403)', async () => {
    const unknown = await ctx.request({ method: 'DELETE', url: cachePurgePath('sessions'), token: adminToken });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Unknown cache key sessions');
    const producer = await ctx.login('producer');
    expect((await ctx.request({ method: 'DELETE', url: cachePurgePath('all'), token: producer })).statusCode).toBe(403);
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
