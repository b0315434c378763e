import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { HEADER_ACCOUNT_KEY, paths } from '@regie/contract/api';
import { LOGIN_LIMITS } from '@regie/contract/auth';
import { FAN_AUTH_LIMITS, FAN_RATE_LIMIT, fanPublicPaths } from '@regie/contract/fans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { openRateLimits, type RateLimits } from '../src/http/rate-limiter.ts';
import { type BuiltAccount, createTestContext, type TestContext, testConfig } from './helpers.ts';

/**
 * The rate limits hold across API processes (issue 40.18): two app instances on one database (or
 * one Redis) are two processes behind a load balancer, and a limit counts the calls of both.
 */

let ctx: TestContext;
let club: BuiltAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  club = await ctx.buildAccount({ modules: ['FANS_CRM'] });
});
afterAll(() => ctx.close());

/** What each test runs against two instances, whatever shares their counts. */
function sharedLimitTests(instances: () => [App, App], prefix: string) {
  it('locks a username on one instance after its failures on the other', async () => {
    const [one, two] = instances();
    const { username, password } = await ctx.buildUser();
    const attempt = (app: App, secret: string, index: number) =>
      app.inject({
        method: 'POST',
        url: paths.login,
        payload: { username, password: secret },
        remoteAddress: `10.${prefix}.1.${index}`,
      });
    for (let i = 0; i < LOGIN_LIMITS.failuresPerUsername; i += 1) {
      expect((await attempt(i % 2 === 0 ? one : two, 'wrong', i)).statusCode).toBe(401);
    }
    for (const app of [one, two]) {
      const locked = await attempt(app, password, 99);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(LOGIN_LIMITS.windowMs / 1000 - 60);
    }
  });

  it("locks a fan's email from one address after failures spread over both", async () => {
    const [one, two] = instances();
    const signIn = (app: App) =>
      app.inject({
        method: 'POST',
        url: fanPublicPaths.signin,
        headers: { [HEADER_ACCOUNT_KEY]: club.accountKey },
        payload: { email: `guessed-${prefix}@shared.example`, password: 'wrong-guess' },
        remoteAddress: `10.${prefix}.2.1`,
      });
    for (let i = 0; i < FAN_AUTH_LIMITS.failuresPerAddressAndEmail; i += 1) {
      expect((await signIn(i % 2 === 0 ? one : two)).statusCode).toBe(401);
    }
    expect((await signIn(one)).statusCode).toBe(429);
    expect((await signIn(two)).statusCode).toBe(429);
  });

  it("holds the fan API's calls per address across both", async () => {
    const [one, two] = instances();
    // Tokens that open no session are counted by their address.
    const forged = (app: App, index: number) =>
      app.inject({
        url: fanPublicPaths.me,
        headers: { authorization: `Bearer fan_${String(index).padStart(43, 'x')}` },
        remoteAddress: `10.${prefix}.3.1`,
      });
    for (let i = 0; i < FAN_RATE_LIMIT.max; i += 1) {
      expect((await forged(i % 2 === 0 ? one : two, i)).statusCode).toBe(401);
    }
    const refused = await forged(two, FAN_RATE_LIMIT.max);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(FAN_RATE_LIMIT.windowMs / 1000));
  });
}

// On PGlite the limits are counted in memory (http/rate-limiter.ts): the embedded database belongs
// to one process, and two instances in one test process count apart. Shared through PostgreSQL
// only on a TEST_DATABASE_URL run.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes sharing one PostgreSQL', () => {
  let one: App;
  let two: App;
  beforeAll(async () => {
    // The context's app is the first process; a second app on the same database is another.
    one = ctx.app;
    two = await buildApp(testConfig(), { database: ctx.database });
  });
  afterAll(() => two.close());

  sharedLimitTests(() => [one, two], '41');
});

/** Redis at TEST_REDIS_URL or the local default; skipped where none listens. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = connect({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(500);
  socket
    .once('connect', () => {
      socket.end();
      resolve(true);
    })
    .once('error', () => resolve(false))
    .once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
});

describe.skipIf(!redisReachable)('two API processes sharing one Redis', () => {
  let limits: RateLimits[];
  let one: App;
  let two: App;
  beforeAll(async () => {
    // Keys of their own, so parallel runs sharing this Redis never count each other's calls.
    const keyPrefix = `regie:test:${randomBytes(6).toString('hex')}:`;
    limits = await Promise.all([1, 2].map(() => openRateLimits({ redisUrl, db: ctx.db, keyPrefix })));
    expect(limits.map((opened) => opened.store)).toEqual(['redis', 'redis']);
    one = await buildApp(testConfig(), { database: ctx.database, rateLimits: limits[0] });
    two = await buildApp(testConfig(), { database: ctx.database, rateLimits: limits[1] });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await Promise.all(limits.map((opened) => opened.close()));
  });

  sharedLimitTests(() => [one, two], '42');
});
