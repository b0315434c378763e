import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sports } from '../src/db/sports.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * A generic list narrowed to some ids (`id[]=1&id[]=2`): how a list screen names every record its
 * page refers to in one call. The ids never widen what the account may see.
 */
let ctx: TestContext;
let adminToken: string;
let mine: { id: number; accountKey: string };
let ownSports: number[];
let otherSport: number;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.login('admin');
  mine = await ctx.buildAccount({ modules: ['SPORT_EVENTS'], roles: ['sport_player_write'] });
  const other = await ctx.buildAccount({ modules: ['SPORT_EVENTS'] });
  const rows = await ctx.db
    .insert(sports)
    .values([
      { name: 'Rugby', accountId: mine.id },
      { name: 'Handball', accountId: mine.id },
      { name: 'Volley', accountId: mine.id },
      { name: 'Polo', accountId: other.id },
    ])
    .returning();
  ownSports = rows.filter((row) => row.accountId === mine.id).map((row) => row.id);
  otherSport = rows.find((row) => row.accountId === other.id)?.id ?? 0;
  await ctx.actFor(adminToken, mine);
});
afterAll(() => ctx.close());

const list = (query: string) =>
  ctx.request({ url: `/main-api/sports?${query}`, token: adminToken, accountKey: mine.accountKey });
const ids = (response: Awaited<ReturnType<typeof list>>) =>
  (response.json().data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);

describe('the id filter of generic lists', () => {
  it('returns only the records asked for, in one call', async () => {
    const [first = 0, , third = 0] = ownSports;
    const response = await list(`id[]=${first}&id[]=${third}`);
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual([first, third].sort((a, b) => a - b));
    expect(response.json().total).toBe(2);
    const single = await list(`id=${first}`);
    expect(ids(single)).toEqual([first]);
  });

  it("leaves out another account's records, even asked for by id", async () => {
    const [first = 0] = ownSports;
    const response = await list(`id[]=${first}&id[]=${otherSport}`);
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual([first]);
  });

  it('refuses an id that is not a record id', async () => {
    const response = await list('id[]=abc');
    expect(response.statusCode).toBe(400);
  });
});
