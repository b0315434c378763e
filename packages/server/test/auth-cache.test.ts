import { paths, USERS_API } from '@regie/contract/api';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { renderMessage } from '@regie/contract/messages.render';
import { ADMIN_ROLE } from '@regie/contract/roles';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/auth/sessions.service.ts';
import { createMemoryCache } from '../src/cache/cache.service.ts';
import { sessions } from '../src/db/sessions.table.ts';
import { createSignedInResolver } from '../src/tenancy/tenancy.cache.ts';
import { createGuards } from '../src/tenancy/tenancy.guards.ts';
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

describe('the cached context read at once (resolve.cached)', () => {
  it('answers a token seen before without a promise, and refuses it once its session expired', async () => {
    let clock = Date.now();
    const resolve = createSignedInResolver(
      ctx.db,
      createMemoryCache(60_000, { now: () => clock }),
      () => undefined,
      () => clock,
    );
    const token = await ctx.login('editor');
    // A session that ends in 10 s, well within the cache's 60 s.
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(clock + 10_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(resolve.cached(token, undefined)).toBeUndefined();
    const loaded = await resolve(token, undefined);
    expect(resolve.cached(token, undefined)).toBe(loaded);
    expect(loaded.context.user.username).toBe('editor');
    // Still cached, but the session itself ended: 401, as a fresh look-up would say.
    clock += 20_000;
    expect(() => resolve.cached(token, undefined)).toThrow(
      expect.objectContaining({ statusCode: 401, message: renderMessage(AUTH_MESSAGES.expiredToken) }),
    );
  });

  it('lets a route hook pass or refuse a cached token at once, and waits only for a token not seen yet', async () => {
    const guards = createGuards(createSignedInResolver(ctx.db, createMemoryCache(60_000), () => undefined));
    const token = await ctx.login('editor');
    const request = () => ({ headers: { authorization: `Bearer ${token}` }, auth: null }) as unknown as FastifyRequest;
    const reply = {} as FastifyReply;
    const outcomes: unknown[] = [];
    const first = request();
    guards.requireAuth(first, reply, (error) => outcomes.push(error ?? 'passed'));
    // Not cached yet: one statement, then the hook goes on.
    expect(outcomes).toEqual([]);
    await vi.waitFor(() => expect(outcomes).toEqual(['passed']));
    expect(first.auth?.user.username).toBe('editor');

    const second = request();
    guards.requireAuth(second, reply, (error) => outcomes.push(error ?? 'passed'));
    expect(outcomes).toEqual(['passed', 'passed']);
    expect(second.auth?.user.username).toBe('editor');
    // The editor is no platform admin: refused at once, with a 403.
    guards.requirePlatformAdmin(request(), reply, (error) => outcomes.push(error ?? 'passed'));
    expect(outcomes[2]).toMatchObject({ statusCode: 403 });
    // Awaited without `done` (routes guarding part of their work), the same guard is a promise.
    await expect(guards.requireRoles(ADMIN_ROLE)(request())).rejects.toMatchObject({ statusCode: 403 });
    await expect(guards.requireAuth(request())).resolves.toBeUndefined();
  });
});
