import { paths } from '@regie/contract/api';
import { AUTH_MESSAGES, meContextResponse } from '@regie/contract/auth';
import { jobPaths } from '@regie/contract/jobs';
import { renderMessage } from '@regie/contract/messages.render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sports } from '../src/db/sports.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * Spec §6: while an admin acts for an account, every query carries that account's AccountId and
 * SportId. Every call accepts them; another account's AccountId is refused.
 */
let ctx: TestContext;
let adminToken: string;
let single: { id: number; accountKey: string };
let several: { id: number; accountKey: string };
let other: { id: number; accountKey: string };
let sportId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.login('admin');
  single = await ctx.buildAccount({
    modules: ['SPORT_EVENTS', 'VIDEOS'],
    roles: ['sport_player_write', 'video_write'],
  });
  several = await ctx.buildAccount({ modules: ['SPORT_EVENTS'] });
  other = await ctx.buildAccount();
  const [sport] = await ctx.db.insert(sports).values({ name: 'Rugby', accountId: single.id }).returning();
  sportId = sport?.id ?? 0;
  await ctx.db.insert(sports).values([
    { name: 'Handball', accountId: several.id },
    { name: 'Volley', accountId: several.id },
  ]);
});
afterAll(() => ctx.close());

const asAdminFor = (account: { accountKey: string }, url: string) =>
  ctx.request({ url, token: adminToken, accountKey: account.accountKey });

describe('the simulated account in queries', () => {
  it("gives the account's SportId in the context: its sport when it has exactly one", async () => {
    const one = meContextResponse.parse((await asAdminFor(single, paths.meContext)).json());
    expect(one.account.SportId).toBe(sportId);
    const many = meContextResponse.parse((await asAdminFor(several, paths.meContext)).json());
    expect(many.account.SportId).toBeNull();
    const own = meContextResponse.parse((await ctx.request({ url: paths.meContext, token: adminToken })).json());
    expect(own.account.SportId).toBeNull();
  });

  it('accepts AccountId and SportId on resource lists and on calls whose queries are strict', async () => {
    const query = `AccountId=${single.id}&SportId=${sportId}`;
    const list = await asAdminFor(single, `/main-api/sports?${query}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { id: number }) => row.id)).toContain(sportId);
    for (const url of [
      `${jobPaths.jobs}?state=waiting&${query}`,
      `/main-api/videos?${query}`,
      `${paths.meContext}?${query}`,
    ]) {
      const response = await asAdminFor(single, url);
      expect(response.statusCode, url).toBe(200);
    }
  });

  it("refuses another account's AccountId while acting for one, storing and showing nothing of it", async () => {
    for (const url of [`/main-api/sports?AccountId=${other.id}`, `${jobPaths.jobs}?AccountId=${other.id}`]) {
      const response = await asAdminFor(single, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(renderMessage(AUTH_MESSAGES.notAuthorised));
    }
  });
});
