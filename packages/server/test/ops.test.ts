import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Database, fromPool, openPglite } from '../src/db/database.ts';
import { liveInputs } from '../src/db/live.table.ts';
import { enqueueJob } from '../src/jobs/jobs.queue.ts';
import { createRedisHub } from '../src/realtime/realtime.redis.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';
import { testJobTypes, waitFor } from './jobs-fixtures.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { RealtimeClient } from './realtime-client.ts';

const METRICS_TOKEN = 'scraper-token-of-the-tests';
const SECOND_POOL = 'regie-ops-test';
const SCRAPER = { authorization: `Bearer ${METRICS_TOKEN}` };

/** The value of one sample of a Prometheus text exposition, or undefined when it is not listed. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

let ctx: TestContext;
const fixtures = testJobTypes();

beforeAll(async () => {
  ctx = await createTestContext({ config: { metricsToken: METRICS_TOKEN } });
});
afterAll(() => ctx.close());

async function scrape(): Promise<string> {
  const response = await ctx.request({ url: '/metrics', headers: SCRAPER });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

describe('the probes', () => {
  it('answers /livez while the process turns, never cached', async () => {
    const response = await ctx.request({ url: '/livez' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz when the database answers, naming what it checked', async () => {
    const response = await ctx.request({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'up' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /metrics', () => {
  it('needs the configured token', async () => {
    const missing = await ctx.request({ url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ statusCode: 401, message: 'Missing access token: please sign in' });
    const wrong = await ctx.request({ url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('regie_');
  });

  it('times a signed-in call under its route pattern, not its URL', async () => {
    const token = await ctx.login('producer');
    const before =
      sample(await scrape(), 'regie_http_request_duration_seconds_count', { route: '/main-api/tags' }) ?? 0;
    expect((await ctx.request({ url: '/main-api/tags', token })).statusCode).toBe(200);
    expect((await ctx.request({ url: '/main-api/tags/999999999', token })).statusCode).toBe(404);
    const text = await scrape();
    const labels = { method: 'GET', route: '/main-api/tags', status_code: '200' };
    expect(sample(text, 'regie_http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(sample(text, 'regie_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    expect(
      sample(text, 'regie_http_request_duration_seconds_count', { route: '/main-api/tags/:id', status_code: '404' }),
    ).toBe(1);
    expect(text).not.toContain('route="/main-api/tags/999999999"');
  });

  it('counts requests no route matched under one label, and leaves the probes and itself out', async () => {
    await ctx.request({ url: '/main-api/no-such-thing-here' });
    await ctx.request({ url: '/livez' });
    await ctx.request({ url: '/readyz' });
    const text = await scrape();
    expect(sample(text, 'regie_http_request_duration_seconds_count', { route: 'unmatched' })).toBeGreaterThan(0);
    expect(text).not.toContain('no-such-thing-here');
    for (const path of ['/livez', '/readyz', '/metrics']) expect(text).not.toContain(`route="${path}"`);
  });

  it('shows queued jobs by kind, and how late the oldest due one is', async () => {
    const { accountId } = await ctx.buildUser();
    const kind = { kind: fixtures.slow.type };
    expect(sample(await scrape(), 'regie_jobs_waiting', kind)).toBeUndefined();
    await enqueueJob(ctx.db, fixtures.slow, {}, { accountId, runAt: new Date(Date.now() - 120_000) });
    await enqueueJob(ctx.db, fixtures.slow, {}, { accountId, runAt: new Date(Date.now() + 3_600_000) });
    const text = await scrape();
    expect(sample(text, 'regie_jobs_waiting', kind)).toBe(2);
    expect(sample(text, 'regie_jobs_oldest_waiting_seconds', kind)).toBeGreaterThanOrEqual(110);
    // The kinds the workers run are listed even when none waits, so graphs do not break off.
    expect(sample(text, 'regie_jobs_waiting', { kind: 'video.encode' })).toBeGreaterThanOrEqual(0);
  });

  it('shows the live inputs on air and the simulcast targets by state', async () => {
    const [input] = await ctx.db.select().from(liveInputs).limit(1);
    if (input) await ctx.db.update(liveInputs).set({ state: 'live' }).where(eq(liveInputs.id, input.id));
    const [onAir] = await ctx.db.select({ onAir: count() }).from(liveInputs).where(eq(liveInputs.state, 'live'));
    const text = await scrape();
    expect(sample(text, 'regie_live_inputs_on_air')).toBe(onAir?.onAir);
    expect(sample(text, 'regie_simulcast_targets', { state: 'live' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'regie_simulcast_targets', { state: 'failed' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'regie_ffmpeg_processes')).toBe(0);
    expect(sample(text, 'regie_lease_takeovers_total')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });
});

describe('regie_websockets_open', () => {
  it('counts the realtime sockets this process holds, from their opening to their close', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async () => sample(await scrape(), 'regie_websockets_open');
    const before = (await open()) ?? 0;
    const socket = new RealtimeClient(base);
    await socket.connect({ token: await ctx.login('producer') });
    expect(await open()).toBe(before + 1);
    socket.close();
    await socket.closed;
    await waitFor(async () => ((await open()) === before ? true : undefined), { what: 'the socket counted out' });
  });
});

/** A second database on the same data: PGlite from the template, or a pool of this file's PostgreSQL database. */
async function secondDatabase(): Promise<Database> {
  if (!ctx.databaseUrl) return openPglite({ loadDataDir: await pgliteTemplate() });
  const url = new URL(ctx.databaseUrl);
  // Named, so that only its connections are cut below.
  url.searchParams.set('application_name', SECOND_POOL);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // A server that drops its connections must not crash the test process.
  pool.on('error', () => undefined);
  return fromPool(pool);
}

describe('when the database goes away', () => {
  let app: App;
  let database: Database;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await secondDatabase();
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        logLines.push(String(chunk));
        callback();
      },
    });
    app = await buildApp(testConfig({ metricsToken: METRICS_TOKEN }), { database, logStream });
  });
  afterAll(() => app.close());

  it('answers /readyz 503 naming the database, with Retry-After; /livez and the process metrics still answer', async () => {
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await database.close();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', down: ['database'], checks: { database: 'down' } });
    expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
    const metrics = await app.inject({ url: '/metrics', headers: SCRAPER });
    expect(metrics.statusCode).toBe(200);
    expect(sample(metrics.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(logLines.some((line) => line.includes('metrics: database not read'))).toBe(true);
  });
});

/** Redis at TEST_REDIS_URL or the local default; skipped where none listens. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = connect({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(500);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
});

describe.skipIf(!redisReachable)('with REDIS_URL', () => {
  it("answers /readyz 200 while Redis answers, 503 naming it once the hub's connection is gone", async () => {
    const shared = {
      db: ctx.db,
      driver: 'pglite' as const,
      migrate: async () => undefined,
      close: async () => undefined,
    };
    const hub = await createRedisHub({ url: redisUrl, channel: `regie:test:${randomBytes(6).toString('hex')}` });
    const app = await buildApp(testConfig(), { database: shared, hub });
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });
      await hub.close();
      const down = await app.inject({ url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ down: ['redis'], checks: { database: 'up', redis: 'down' } });
    } finally {
      await app.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('when PostgreSQL refuses connections for a while', () => {
  let app: App;
  let database: Database;
  let admin: pg.Client;
  let name: string;

  beforeAll(async () => {
    database = await secondDatabase();
    app = await buildApp(testConfig(), { database });
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    name = new URL(ctx.databaseUrl ?? '').pathname.slice(1);
  });
  afterAll(async () => {
    await admin.query(`alter database ${name} allow_connections true`);
    await admin.end();
    await app.close();
    await database.close();
  });

  it('answers /readyz 503 meanwhile, then 200 again without a restart', async () => {
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2',
      [name, SECOND_POOL],
    );
    const down = await app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ down: ['database'] });
    await admin.query(`alter database ${name} allow_connections true`);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
