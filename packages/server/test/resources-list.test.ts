import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * A list's page and its total come from one prepared statement: the total must still count
 * every matching row (never the page, never the cursor), and a statement reused by another
 * account must answer with that account's rows.
 */
let ctx: TestContext;
let mine: string;
let theirs: string;

interface Page {
  data: { id: number; name: string }[];
  total: number;
  offset: number;
  limit: number;
  nextCursor: string | null;
}

async function list(token: string, query: string): Promise<Page> {
  const response = await ctx.request({ url: `/main-api/tags?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

async function createTag(token: string, name: string): Promise<number> {
  const response = await ctx.request({ method: 'POST', url: '/main-api/tags', token, payload: { name } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const modules = ['SPORT_EVENTS' as const];
  const one = await ctx.buildUser({ roles: ['sport_player_write'], modules });
  const two = await ctx.buildUser({ roles: ['sport_player_write'], modules });
  mine = await ctx.login(one.username, one.password);
  theirs = await ctx.login(two.username, two.password);
  for (const name of ['list a', 'list b', 'list c', 'list d', 'list e']) await createTag(mine, name);
  for (const name of ['other x', 'other y']) await createTag(theirs, name);
});
afterAll(() => ctx.close());

describe('a list of one statement', () => {
  it('gives the total of every matching row, whatever the page', async () => {
    const first = await list(mine, 'limit=2');
    expect(first.data.map((row) => row.name)).toEqual(['list a', 'list b']);
    expect(first.total).toBe(5);
    const past = await list(mine, 'limit=2&offset=10');
    expect(past.data).toEqual([]);
    expect(past.total).toBe(5);
    const searched = await list(mine, 'limit=2&search=list%20d');
    expect(searched.data.map((row) => row.name)).toEqual(['list d']);
    expect(searched.total).toBe(1);
    expect(await list(mine, 'limit=2&search=nothing%20like%20it')).toMatchObject({ data: [], total: 0 });
  });

  it('keeps the total of the whole list on every keyset page', async () => {
    const names: string[] = [];
    let page = await list(mine, 'limit=2');
    names.push(...page.data.map((row) => row.name));
    while (page.nextCursor) {
      expect(page.total).toBe(5);
      page = await list(mine, `limit=2&after=${page.nextCursor}`);
      names.push(...page.data.map((row) => row.name));
    }
    expect(page.total).toBe(5);
    expect(names).toEqual(['list a', 'list b', 'list c', 'list d', 'list e']);
  });

  it('counts the rows when the page after a cursor is empty', async () => {
    const own = await ctx.buildUser({ roles: ['sport_player_write'], modules: ['SPORT_EVENTS'] });
    const token = await ctx.login(own.username, own.password);
    await createTag(token, 'cursor 1');
    const last = await createTag(token, 'cursor 2');
    const page = await list(token, 'limit=1');
    expect(page.nextCursor).not.toBeNull();
    const removed = await ctx.request({ method: 'DELETE', url: `/main-api/tags/${last}`, token });
    expect(removed.statusCode).toBe(204);
    expect(await list(token, `limit=1&after=${page.nextCursor}`)).toMatchObject({ data: [], total: 1 });
  });

  it('answers each account with its own rows through the same statement, call after call', async () => {
    for (let call = 0; call < 3; call += 1) {
      expect((await list(mine, 'limit=50')).data.map((row) => row.name)).toEqual([
        'list a',
        'list b',
        'list c',
        'list d',
        'list e',
      ]);
      expect(await list(theirs, 'limit=50')).toMatchObject({
        data: [{ name: 'other x' }, { name: 'other y' }],
        total: 2,
      });
    }
  });
});
