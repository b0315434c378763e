import { paths } from '@regie/contract/api';
import { LOGIN_LIMITS } from '@regie/contract/auth';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../src/db/sessions.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const attempt = (username: string, password: string, remoteAddress: string) =>
  ctx.request({ method: 'POST', url: paths.login, payload: { username, password }, remoteAddress });

describe('sign-in throttle', () => {
  it(`locks a username after ${LOGIN_LIMITS.failuresPerUsername} failures, correct password included`, async () => {
    const { username, password } = await ctx.buildUser({ username: 'target' });
    for (let i = 0; i < LOGIN_LIMITS.failuresPerUsername; i += 1) {
      expect((await attempt(username, 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const stored = await ctx.db.select().from(loginFailures).where(eq(loginFailures.username, username));
    expect(stored).toHaveLength(LOGIN_LIMITS.failuresPerUsername);

    const locked = await attempt(username, 'wrong', '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.windowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.windowMs / 1000);
    expect(locked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });

    const correct = await attempt(username.toUpperCase(), password, '10.1.1.2');
    expect(correct.statusCode).toBe(429);
    // Locked attempts are not recorded, or the lock would never end.
    expect(await ctx.db.select().from(loginFailures).where(eq(loginFailures.username, username))).toHaveLength(
      LOGIN_LIMITS.failuresPerUsername,
    );

    expect((await attempt('producer', DEMO_PASSWORD, '10.1.1.3')).statusCode).toBe(200);
  });

  it('lets the user in again once the failures leave the window', async () => {
    const { username, password } = await ctx.buildUser();
    for (let i = 0; i < LOGIN_LIMITS.failuresPerUsername; i += 1) await attempt(username, 'wrong', '10.2.0.1');
    expect((await attempt(username, password, '10.2.0.1')).statusCode).toBe(429);
    await ctx.db
      .update(loginFailures)
      .set({ at: new Date(Date.now() - LOGIN_LIMITS.windowMs - 1000) })
      .where(eq(loginFailures.username, username));
    expect((await attempt(username, password, '10.2.0.1')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const { username, password } = await ctx.buildUser();
    for (let i = 0; i < LOGIN_LIMITS.failuresPerUsername + 2; i += 1) {
      expect((await attempt(username, password, '10.3.0.1')).statusCode).toBe(200);
    }
    expect(await ctx.db.select().from(loginFailures).where(eq(loginFailures.username, username))).toHaveLength(0);
  });

  it(`locks a client address after ${LOGIN_LIMITS.failuresPerIp} failures over any usernames`, async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < LOGIN_LIMITS.failuresPerIp; i += 1) {
      expect((await attempt(`spray-${i}`, 'wrong', ip)).statusCode).toBe(401);
    }
    const locked = await attempt('producer', DEMO_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await attempt('producer', DEMO_PASSWORD, '10.4.0.2')).statusCode).toBe(200);
  });
});
