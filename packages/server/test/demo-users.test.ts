import { paths } from '@regie/contract/api';
import { meContextResponse } from '@regie/contract/auth';
import { DEMO_USERS } from '@regie/contract/demo';
import { landingRoute } from '@regie/contract/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const me = (await ctx.request({ url: paths.me, token })).json();
    const context = meContextResponse.parse((await ctx.request({ url: paths.meContext, token })).json());
    expect(me).toMatchObject({ name: demo.name, accountName: demo.account, meta: { language: demo.language } });
    expect(context.homepage).toBe(demo.landing);
    // The contract's own rule agrees with what the server computed.
    expect(landingRoute({ roles: context.roles, modules: context.modules })).toBe(demo.landing);
  });

  it('spreads customer users over several customer accounts', () => {
    const accounts = new Set(DEMO_USERS.filter((user) => user.username !== 'admin').map((user) => user.account));
    expect(accounts.size).toBeGreaterThanOrEqual(2);
  });
});
