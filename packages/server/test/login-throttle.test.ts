import { paths } from '@regie/contract/api';
import { LOGIN_LIMITS } from '@regie/contract/auth';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const attempt = (username: string, password: string, remoteAddress: string) =>
  ctx.request({ method: 'POST', url: paths.login, payload: { username, password }, remoteAddress });

describe('sign-in throttle', () => {
  it(`locks a username after ${LOGIN_LIMITS.failuresPerUsername} failures, correct password included`, async () => {
    const { username, password } = await ctx.buildUser({ username: 'target' });
    for (let i = 0; i < LOGIN_LIMITS.failuresPerUsername; i += 1) {
      expect((await attempt(username, 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    }

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
    // Locked attempts do not lengthen the lock.
    expect(Number(correct.headers['retry-after'])).toBeLessThanOrEqual(retryAfter);

    expect((await attempt('producer', DEMO_PASSWORD, '10.1.1.3')).statusCode).toBe(200);
  });

  it('lets the user in again once the window of the failures has ended', async () => {
    const { username, password } = await ctx.buildUser();
    for (let i = 0; i < LOGIN_LIMITS.failuresPerUsername; i += 1) await attempt(username, 'wrong', '10.2.0.1');
    expect((await attempt(username, password, '10.2.0.1')).statusCode).toBe(429);
    // The window's end is read from the clock (memory and PostgreSQL stores alike).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LOGIN_LIMITS.windowMs + 1000);
    expect((await attempt(username, password, '10.2.0.1')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const { username, password } = await ctx.buildUser();
    for (let i = 0; i < LOGIN_LIMITS.failuresPerUsername + 2; i += 1) {
      expect((await attempt(username, password, '10.3.0.1')).statusCode).toBe(200);
    }
    // One failure short of the limit: still not locked.
    for (let i = 0; i < LOGIN_LIMITS.failuresPerUsername - 1; i += 1) await attempt(username, 'wrong', '10.3.0.2');
    expect((await attempt(username, password, '10.3.0.3')).statusCode).toBe(200);
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
