import { resourcePath } from '@regie/contract/api';
import { tagsResource } from '@regie/contract/resources/tags';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { tags } from '../src/db/tags.table.ts';
import { createListCache, type ListAnswer } from '../src/resources/list-cache.ts';
import { ENTRIES } from '../src/resources/resources.registry.ts';
import { type BuiltUser, createTestContext, type TestContext, testConfig } from './helpers.ts';

/**
 * Lists are kept per process while the tables they read are unchanged (resources/list-cache.ts):
 * every kind of write must show on the very next list call, in this process and in another.
 */
const TAGS = resourcePath(tagsResource);

let ctx: TestContext;
let club: BuiltUser;
let clubToken: string;
let rival: BuiltUser;
let rivalToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['SPORT_EVENTS'] });
  clubToken = await ctx.login(club.username, club.password);
  rival = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['SPORT_EVENTS'] });
  rivalToken = await ctx.login(rival.username, rival.password);
});
afterAll(() => ctx.close());

async function tagNames(token: string, app = ctx.app): Promise<string[]> {
  const response = await app.inject({ url: `${TAGS}?limit=100`, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.json().data.map((tag: { name: string }) => tag.name);
}

describe('kept list answers', () => {
  it('show a tag created through the API on the next call', async () => {
    expect(await tagNames(clubToken)).toEqual([]);
    const created = await ctx.request({ method: 'POST', url: TAGS, token: clubToken, payload: { name: 'Derby' } });
    expect(created.statusCode).toBe(201);
    expect(await tagNames(clubToken)).toEqual(['Derby']);
  });

  it('show writes made outside the engine (a service, a script) on the next call', async () => {
    await tagNames(clubToken);
    await ctx.db.insert(tags).values({ name: 'Final', tagType: 'other', accountId: club.accountId });
    expect(await tagNames(clubToken)).toContain('Final');
    await ctx.db.execute(sql`update tags set name = 'Grand final' where name = 'Final'`);
    expect(await tagNames(clubToken)).toContain('Grand final');
    await ctx.db.delete(tags).where(eq(tags.name, 'Grand final'));
    expect(await tagNames(clubToken)).not.toContain('Grand final');
  });

  it('are never served to another account asking the same thing', async () => {
    expect(await tagNames(clubToken)).toContain('Derby');
    expect(await tagNames(rivalToken)).toEqual([]);
  });

  it("show another process's write on the next call", async () => {
    const database = {
      db: ctx.db,
      driver: ctx.databaseUrl ? ('postgres' as const) : ('pglite' as const),
      migrate: async () => undefined,
      close: async () => undefined,
    };
    const other = await buildApp(testConfig(), { database });
    try {
      expect(await tagNames(clubToken, other)).toContain('Derby');
      const created = await ctx.request({ method: 'POST', url: TAGS, token: clubToken, payload: { name: 'Cup tie' } });
      expect(created.statusCode).toBe(201);
      expect(await tagNames(clubToken, other)).toContain('Cup tie');
    } finally {
      await other.close();
    }
  });
});

describe('the list cache itself', () => {
  it('reads the list once while its tables are unchanged, again after any write', async () => {
    const cache = createListCache(ctx.db);
    let reads = 0;
    const read = async (): Promise<ListAnswer> => {
      reads += 1;
      return { data: [], total: reads, offset: 0, limit: 25, nextCursor: null };
    };
    const request = { account: club.accountId, params: {}, query: { offset: 0, limit: 25 } };
    const first = await cache.answer(ENTRIES.tags, request, read);
    const second = await cache.answer(ENTRIES.tags, request, read);
    expect(reads).toBe(1);
    expect(second).toBe(first);
    await ctx.db.insert(tags).values({ name: 'Replay', tagType: 'other', accountId: club.accountId });
    const third = await cache.answer(ENTRIES.tags, request, read);
    expect(reads).toBe(2);
    expect(third.total).toBe(2);
  });

  it('never keeps a resource whose answer depends on more than its tables (signed media URLs)', async () => {
    const cache = createListCache(ctx.db);
    let reads = 0;
    const read = async (): Promise<ListAnswer> => {
      reads += 1;
      return { data: [], total: 0, offset: 0, limit: 25, nextCursor: null };
    };
    const request = { account: club.accountId, params: {}, query: {} };
    await cache.answer(ENTRIES.videos, request, read);
    await cache.answer(ENTRIES.videos, request, read);
    expect(reads).toBe(2);
  });
});
