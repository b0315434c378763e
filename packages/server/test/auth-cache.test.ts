import { paths, USERS_API } from '@regie/contract/api';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * The signed-in context is cached per token (tenancy.cache.ts), so these prove that every way
 * of losing access still takes effect on the very next request.
 */
const USERS = `${USERS_API}/users`;
const GROUPS = `${USERS_API}/groups`;
const ACCOUNTS = `${USERS_API}/accounts`;

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  // A long TTL: only an invalidation can explain a change seen by the next request.
  ctx = await createTestContext({ config: { authCacheTtlMs: 60_000 } });
  admin = await ctx.login('admin');
});
afterAll(() => ctx.close());

async function signedInVideoEditor() {
  const user = await ctx.buildUser({ roles: ['video_write'], modules: ['VIDEOS'] });
  const token = await ctx.login(user.username, user.password);
  const context = await ctx.request({ url: paths.meContext, token });
  expect(context.statusCode).toBe(200);
  return { user, token };
}

describe('the signed-in context cache', () => {
  it('forgets a session on logout: the next request is refused', async () => {
    const { token } = await signedInVideoEditor();
    expect((await ctx.request({ url: paths.me, token })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'DELETE', url: paths.logout, token })).statusCode).toBe(204);
    expect((await ctx.request({ url: paths.me, token })).statusCode).toBe(401);
    expect((await ctx.request({ url: paths.meContext, token })).statusCode).toBe(401);
  });

  it('refuses a disabled user on the next request and at sign-in, and lets them back once enabled', async () => {
    const { user, token } = await signedInVideoEditor();
    const disable = await ctx.request({
      method: 'PUT',
      url: `${USERS}/${user.id}`,
      token: admin,
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json().disabled).toBe(true);
    expect((await ctx.request({ url: paths.meContext, token })).statusCode).toBe(401);
    const login = await ctx.request({
      method: 'POST',
      url: paths.login,
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(401);

    await ctx.request({ method: 'PUT', url: `${USERS}/${user.id}`, token: admin, payload: { disabled: false } });
    expect((await ctx.request({ url: paths.meContext, token })).statusCode).toBe(200);
  });

  it("drops a role removed from the user's group on the next request", async () => {
    const { user, token } = await signedInVideoEditor();
    expect((await ctx.request({ url: paths.meContext, token })).json().roles).toEqual(['video_write']);
    expect((await ctx.request({ url: paths.me, token })).json().Roles).toHaveLength(1);
    const [group] = (await ctx.request({ url: paths.userGroups(user.id), token: admin })).json();
    const changed = await ctx.request({
      method: 'PUT',
      url: `${GROUPS}/${group.id}`,
      token: admin,
      payload: { roles: [] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await ctx.request({ url: paths.meContext, token })).json().roles).toEqual([]);
    expect((await ctx.request({ url: paths.me, token })).json().Roles).toEqual([]);
  });

  it("drops a module removed from the user's account on the next request", async () => {
    const { user, token } = await signedInVideoEditor();
    expect((await ctx.request({ url: paths.meContext, token })).json().modules).toEqual(['VIDEOS']);
    const changed = await ctx.request({
      method: 'PUT',
      url: `${ACCOUNTS}/${user.accountId}`,
      token: admin,
      payload: { modules: [] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await ctx.request({ url: paths.meContext, token })).json().modules).toEqual([]);
    expect((await ctx.request({ url: paths.me, token })).json().Modules).toEqual([]);
  });

  it('forgets a deleted user at once', async () => {
    const { user, token } = await signedInVideoEditor();
    expect((await ctx.request({ method: 'DELETE', url: `${USERS}/${user.id}`, token: admin })).statusCode).toBe(204);
    expect((await ctx.request({ url: paths.me, token })).statusCode).toBe(401);
  });

  it('shows a changed language on the next users/me', async () => {
    const token = await ctx.login('editor', DEMO_PASSWORD);
    await ctx.request({ url: paths.me, token });
    await ctx.request({ method: 'PUT', url: paths.me, token, payload: { meta: { language: 'fr' } } });
    expect((await ctx.request({ url: paths.me, token })).json().meta.language).toBe('fr');
  });
});
