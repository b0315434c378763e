import { PLATFORM_ADMIN_ACCESS_LEVEL } from '@regie/contract/access';
import { paths } from '@regie/contract/api';
import { meContextResponse, meResponse } from '@regie/contract/auth';
import { DEMO_ACCOUNTS, DEMO_USERS } from '@regie/contract/demo';
import { TAG_TYPES } from '@regie/contract/resources/tags';
import { canAccess, landingRoute, lineage, matchRoute } from '@regie/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../src/db/tags.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo users', () => {
  it.each(
    DEMO_USERS.map((user) => [user.username, user.landing, user]),
  )('%s lands on %s', async (_name, _landing, demo) => {
    const token = await ctx.login(demo.username);
    const me = meResponse.parse((await ctx.request({ url: paths.me, token })).json());
    const context = meContextResponse.parse((await ctx.request({ url: paths.meContext, token })).json());
    expect(me).toMatchObject({ name: demo.name, accountName: demo.account, meta: { language: demo.language } });
    expect(context.homepage).toBe(demo.landing);
    // The contract's own rule agrees with what the server computed.
    expect(landingRoute({ roles: context.roles, modules: context.modules, accessLevel: me.accessLevel })).toBe(
      demo.landing,
    );
  });

  // Issue 24: acting for Harbour Basketball Club (observers only) landed on /notauthorized.
  it.each(Object.values(DEMO_ACCOUNTS))('an admin acting for %s lands on a page they may open', async (name) => {
    const token = await ctx.login('admin');
    const account = await ctx.accountByName(name);
    // Their own account needs no acting (and refuses it); any other one does (issue 26).
    if (name !== DEMO_ACCOUNTS.platform) await ctx.actFor(token, account);
    const response = await ctx.request({ url: paths.meContext, token, accountKey: account.accountKey });
    const context = meContextResponse.parse(response.json());
    const subject = {
      roles: ['manage_customer_accounts'],
      modules: [],
      accessLevel: PLATFORM_ADMIN_ACCESS_LEVEL,
      simulatedAccount: { roles: context.roles, modules: context.modules },
    };
    const match = matchRoute(context.homepage);
    expect(match, context.homepage).toBeDefined();
    expect(match && canAccess(subject, match.entry)).toBe(true);
    expect(match && lineage(match.entry).some((entry) => entry.node.hiddenForAdmin)).toBe(false);
    expect(landingRoute(subject)).toBe(context.homepage);
  });

  it("stores only tag types the contract declares, each with its words (issue 24: 'fan')", async () => {
    const stored = await ctx.db.selectDistinct({ tagType: tags.tagType }).from(tags);
    expect(stored.length).toBeGreaterThan(0);
    for (const { tagType } of stored) expect(TAG_TYPES, tagType).toContain(tagType);
  });

  it('spreads customer users over several customer accounts', () => {
    const accounts = new Set(DEMO_USERS.filter((user) => user.username !== 'admin').map((user) => user.account));
    expect(accounts.size).toBeGreaterThanOrEqual(2);
  });
});
