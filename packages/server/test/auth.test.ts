import { paths } from '@regie/contract/api';
import { AUTH_MESSAGES, loginResponse, TOKEN_TTL_MS } from '@regie/contract/auth';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/sessions.service.ts';
import { sessions } from '../src/db/sessions.table.ts';
import { users } from '../src/db/users.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (username: string, password: string) =>
  ctx.request({ method: 'POST', url: paths.login, payload: { username, password } });

describe('POST /users-service-api/auth/login', () => {
  it('signs a demo user in and stores only the hash of the token', async () => {
    const response = await login('producer', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = loginResponse.parse(response.json());
    const [producer] = await ctx.db.select().from(users).where(eq(users.username, 'producer'));
    expect(body).toMatchObject({ id: producer?.id, username: 'producer', AccountId: producer?.accountId });
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresIn = new Date(body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(TOKEN_TTL_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(TOKEN_TTL_MS);

    const stored = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.accessToken)));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.userId).toBe(producer?.id);
    const leaked = await ctx.db.select().from(sessions).where(eq(sessions.tokenHash, body.accessToken));
    expect(leaked).toHaveLength(0);
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const response = await login('  Producer ', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe('producer');
  });

  it('gives the same 401 for an unknown user and for a wrong password', async () => {
    const unknown = await login('nobody-here', DEMO_PASSWORD);
    const wrong = await login('producer', 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: renderMessage(AUTH_MESSAGES.invalidCredentials),
    });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses an empty username or password with field errors', async () => {
    const response = await login('   ', '');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Validation failed');
    expect(body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['password', 'username']);
  });

  it('never returns the password hash', async () => {
    const response = await login('editor', DEMO_PASSWORD);
    expect(response.body).not.toContain('argon2');
    const me = await ctx.request({ url: paths.me, token: response.json().accessToken });
    expect(me.body).not.toContain('argon2');
    expect(me.body).not.toContain('passwordHash');
  });
});

describe('tokens', () => {
  it('works until logout, then answers 401 and the session is revoked', async () => {
    const token = await ctx.login('editor');
    expect((await ctx.request({ url: paths.me, token })).statusCode).toBe(200);

    // The web client sends Content-Type JSON on every call, even a DELETE without a body.
    const logout = await ctx.request({
      method: 'DELETE',
      url: paths.logout,
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(session?.revokedAt).toBeInstanceOf(Date);

    const after = await ctx.request({ url: paths.me, token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toContain('token');
  });

  it('answers 401 for an expired token', async () => {
    const token = await ctx.login('editor');
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const response = await ctx.request({ url: paths.me, token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: renderMessage(AUTH_MESSAGES.expiredToken),
    });
    expect(renderMessage(AUTH_MESSAGES.expiredToken)).toContain('token');
  });

  it('extends a session on use', async () => {
    const token = await ctx.login('editor');
    const past = new Date(Date.now() - 10 * 60_000);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: past, expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await ctx.request({ url: paths.me, token })).statusCode).toBe(200);
    // The sliding expiry is written without making the request wait: poll until it lands.
    const expiresAt = async () => {
      const [session] = await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      return session?.expiresAt.getTime() ?? 0;
    };
    await expect.poll(expiresAt, { timeout: 5_000 }).toBeGreaterThan(Date.now() + TOKEN_TTL_MS - 60_000);
  });

  it('answers 401 without a token, with an unknown token or another scheme', async () => {
    for (const authorization of [undefined, 'Bearer not-a-real-token', 'Basic dXNlcjpwYXNz']) {
      const response = await ctx.request({ url: paths.me, headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toContain('token');
    }
  });
});
