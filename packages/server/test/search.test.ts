import { paths } from '@regie/contract/api';
import { DEMO_ACCOUNTS } from '@regie/contract/demo';
import { ACCOUNT_SEARCH_MAX_RESULTS, HIDDEN_ACCOUNT_NAMES } from '@regie/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.login('admin');
  for (const name of ['Lakeside Wanderers', 'Zephyr Lake Rowing', 'lake district events', 'Blue Lakers']) {
    await ctx.buildAccount({ name });
  }
  // Platform accounts that must never come back, whatever the case.
  await ctx.buildAccount({ name: 'Regie' });
  await ctx.buildAccount({ name: 'REGIE PLATFORM' });
});
afterAll(() => ctx.close());

const search = (query: string, token = adminToken, accountKey?: string) =>
  ctx.request({ url: `${paths.search('accounts')}${query}`, token, ...(accountKey ? { accountKey } : {}) });

describe('GET /main-api/search/accounts', () => {
  it('fails without any search parameter', async () => {
    const response = await search('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Search: No search param provided',
    });
  });

  it('needs at least 3 characters', async () => {
    const response = await search('?name=la');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Search: name must be at least 3 characters');
    expect(response.json().errors).toEqual([{ path: 'name', message: 'Search: name must be at least 3 characters' }]);
  });

  it('matches case-insensitively, ordered by where the text appears, then by name', async () => {
    const response = await search('?name=LAKE');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((account: { name: string }) => account.name)).toEqual([
      'lake district events',
      'Lakeside Wanderers',
      'Blue Lakers',
      'Zephyr Lake Rowing',
    ]);
    expect(response.json()[0]).toEqual({
      id: expect.any(Number),
      name: 'lake district events',
      accountKey: expect.any(String),
    });
  });

  it('never returns the platform accounts', async () => {
    const response = await search('?name=regie');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(HIDDEN_ACCOUNT_NAMES).toContain(DEMO_ACCOUNTS.platform);
  });

  it(`returns at most ${ACCOUNT_SEARCH_MAX_RESULTS} accounts`, async () => {
    for (let i = 0; i < ACCOUNT_SEARCH_MAX_RESULTS + 3; i += 1) await ctx.buildAccount({ name: `Many Clones ${i}` });
    const response = await search('?name=clones');
    expect(response.json()).toHaveLength(ACCOUNT_SEARCH_MAX_RESULTS);
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect((await search('?name=%25%25%25')).json()).toEqual([]);
  });

  it('is refused to customer users and to an admin acting for an account', async () => {
    const customer = await search('?name=lake', await ctx.login('usermanager'));
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe('Action not authorised !');
    const club = await ctx.accountByName(DEMO_ACCOUNTS.club);
    // Acting for it for real (issue 26): refused for acting, not for want of an acting session.
    await ctx.actFor(adminToken, club);
    const simulating = await search('?name=lake', adminToken, club.accountKey);
    expect(simulating.statusCode).toBe(403);
    expect(simulating.json().message).toBe('Action not authorised !');
  });

  it('answers 404 for an entity it cannot search', async () => {
    const response = await ctx.request({ url: `${paths.search('no-such-entity')}?name=abc`, token: adminToken });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Search: unknown entity no-such-entity');
  });
});
