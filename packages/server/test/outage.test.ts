import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { jobPaths } from '@regie/contract/jobs';
import { renderMessage } from '@regie/contract/messages.render';
import { MESSAGES_PATH, MESSAGES_TOPIC } from '@regie/contract/realtime';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { JobLogger } from '../src/jobs/jobs.define.ts';
import { createJobRegistry } from '../src/jobs/jobs.define.ts';
import { enqueueJob } from '../src/jobs/jobs.queue.ts';
import { startWorkers, type Workers } from '../src/jobs/jobs.worker.ts';
import { accountTopic, type HubEvent, type RealtimeHub } from '../src/realtime/realtime.hub.ts';
import { createRedisHub } from '../src/realtime/realtime.redis.ts';
import { createTestContext, type TestContext, testConfig } from './helpers.ts';
import { testJobTypes, waitFor, waitForState } from './jobs-fixtures.ts';

/**
 * PostgreSQL or Redis going away and coming back (issue 27): calls answer 503 with Retry-After and
 * a message in the caller's language meanwhile, then work again, and the job workers go on
 * polling: nothing is restarted.
 */

let ctx: TestContext;
let token: string;
let accountId: number;
const fixtures = testJobTypes();
/** The app's log lines (warnings and worse, as in production by default). */
const appLog: { msg?: string }[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      appLog.push(JSON.parse(String(chunk)));
      done();
    },
  });
  ctx = await createTestContext({ dependencies: { logStream } });
  const user = await ctx.buildUser({ roles: ['manage_users'] });
  accountId = user.accountId;
  token = await ctx.login(user.username, user.password);
});
afterAll(() => ctx.close());

/** A worker's log lines, as an operator reads them. */
function capturedLogger(): JobLogger & { lines: { level: string; message: string | undefined; object: object }[] } {
  const lines: { level: string; message: string | undefined; object: object }[] = [];
  const keep = (level: string) => (object: object, message?: string) => {
    lines.push({ level, message, object });
  };
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') };
}

function expectUnavailable(response: LightMyRequestResponse, language: 'en' | 'fr'): void {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    message: renderMessage(HTTP_MESSAGES.unavailable, language),
  });
}

describe('a job worker whose queue cannot be read', () => {
  it('logs, waits longer each time, and takes the waiting job once the queue answers again', async () => {
    // While `away`, the worker's reads of the queue fail as node-postgres fails when PostgreSQL
    // goes away (pg-boss's own fetch answers "nothing waiting" on any error: the lease sweep's
    // select is the read that fails first).
    let away = true;
    const flaky = new Proxy(ctx.db, {
      get: (target, property, receiver) =>
        property === 'select' && away
          ? () => {
              throw new Error('Connection terminated unexpectedly');
            }
          : Reflect.get(target, property, receiver),
    });
    // Queued before the worker starts: nothing wakes it, its own polling must find the job.
    const job = await enqueueJob(ctx.db, fixtures.progress, { steps: [] }, { accountId });
    const logger = capturedLogger();
    const workers = startWorkers(flaky, {
      concurrency: 1,
      pollMs: 10,
      dataDir: '/tmp',
      registry: createJobRegistry(fixtures.types),
      logger,
    });
    try {
      await waitFor(() => logger.lines.filter((line) => line.message === 'job queue poll failed').length >= 3, {
        what: 'three failed polls',
      });
      const failed = logger.lines.filter((line) => line.message === 'job queue poll failed');
      expect(failed.map((line) => line.level)).toEqual(failed.map(() => 'warn'));
      expect(failed.map((line) => (line.object as { failures: number }).failures).slice(0, 3)).toEqual([1, 2, 3]);
      away = false;
      expect((await waitForState(ctx.db, job.id, ['done'])).result).toEqual({ finished: true });
      expect(logger.lines.some((line) => line.message === 'job queue reachable again')).toBe(true);
    } finally {
      away = false;
      await workers.stop({ graceMs: 0 });
    }
  });
});

/** A TCP relay to Redis this test can cut and restore, as Redis going away and coming back. */
async function redisRelay(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const open = async () => {
    server = createServer((socket) => {
      const upstream = connect({ host: target.hostname, port: Number(target.port || 6379) });
      const drop = () => {
        socket.destroy();
        upstream.destroy();
      };
      for (const end of [socket, upstream]) {
        sockets.add(end);
        end.on('error', drop).on('close', () => {
          sockets.delete(end);
          drop();
        });
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  };
  await open();
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: open,
  };
}

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const redisReachable = await new Promise<boolean>((resolve) => {
  const socket = connect({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
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
if (!redisReachable) console.warn(`outage: the Redis case is skipped, no Redis at ${redisUrl.href}`);

describe.skipIf(!redisReachable)('Redis going away and coming back', () => {
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  let hub: RealtimeHub;
  let app: App;
  beforeAll(async () => {
    relay = await redisRelay(redisUrl);
    // A channel of its own: parallel runs sharing this Redis never see each other's events.
    hub = await createRedisHub({ url: relay.url, channel: `regie:test:${randomBytes(6).toString('hex')}` });
    const shared = {
      db: ctx.db,
      driver: 'pglite' as const,
      migrate: async () => undefined,
      close: async () => undefined,
    };
    app = await buildApp(testConfig(), { database: shared, hub });
  });
  afterAll(async () => {
    await app?.close();
    await hub?.close();
    await relay?.cut();
  });

  const sendToast = (text: string, language = 'en') =>
    app.inject({
      method: 'POST',
      url: MESSAGES_PATH,
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      payload: { text, type: 'info' },
    });

  it('answers a call that must publish 503 with Retry-After meanwhile, then delivers again', async () => {
    const received: HubEvent[] = [];
    const stop = hub.subscribe(accountTopic(accountId, MESSAGES_TOPIC), (_topic, event) => received.push(event));
    try {
      expect((await sendToast('Before')).statusCode).toBe(202);
      await waitFor(() => received.length === 1, { what: 'the first toast through Redis' });

      await relay.cut();
      expectUnavailable(await sendToast('Meanwhile'), 'en');
      expectUnavailable(await sendToast('Pendant ce temps', 'fr-FR,fr;q=0.9'), 'fr');

      await relay.restore();
      // Both connections reconnect by themselves, the subscriber subscribing again: no restart.
      // Until the subscriber is back, an accepted toast may reach no one (realtime is best effort).
      await waitFor(
        async () =>
          (await sendToast('After')).statusCode === 202 &&
          (await waitFor(() => received.some((event) => (event.payload as { text: string }).text === 'After'), {
            timeoutMs: 200,
          }).catch(() => false)),
        { what: 'a toast accepted and delivered through Redis again', intervalMs: 100 },
      );
    } finally {
      stop();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('outage: the PostgreSQL case is skipped, it needs TEST_DATABASE_URL (a server to cut)');

describe.skipIf(!serverUrl)('PostgreSQL going away and coming back', () => {
  let admin: pg.Client;
  let name: string;
  beforeAll(async () => {
    name = new URL(ctx.databaseUrl ?? '').pathname.slice(1);
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`alter database ${name} allow_connections true`).catch(() => undefined);
    await admin?.end();
  });

  const listJobs = (headers: Record<string, string> = {}, as = token) =>
    ctx.app.inject({ url: jobPaths.jobs, headers: { authorization: `Bearer ${as}`, ...headers } });

  it('answers 503 with Retry-After in the caller language meanwhile, then 200 again, the workers going on', async () => {
    const other = await ctx.buildUser({ roles: ['video_write'] });
    // Signed in before the outage, never used: its first call meets the outage.
    const otherToken = await ctx.login(other.username, other.password);
    expect((await listJobs()).statusCode).toBe(200);
    const logger = capturedLogger();
    let workers: Workers | null = null;
    try {
      // No new connection, and the open ones cut: PostgreSQL restarting, as the app sees it.
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      // The pool's idle connection hears of it first: noted, and the process goes on.
      await waitFor(() => appLog.some((line) => line.msg?.startsWith('database connection lost')), {
        what: 'the lost idle connection to be noted',
      });
      expectUnavailable(await listJobs(), 'en');
      expectUnavailable(await listJobs({ 'accept-language': 'fr' }), 'fr');
      // Not 401: an outage does not sign anyone out.
      expectUnavailable(await listJobs({}, otherToken), 'en');
      workers = startWorkers(ctx.db, {
        concurrency: 1,
        pollMs: 20,
        dataDir: '/tmp',
        registry: createJobRegistry(fixtures.types),
        logger,
      });
      await waitFor(() => logger.lines.some((line) => line.message === 'job queue poll failed'), {
        what: 'the worker to meet the outage',
      });

      await admin.query(`alter database ${name} allow_connections true`);
      await waitFor(async () => (await listJobs()).statusCode === 200, { what: 'the list to answer again' });
      expect((await listJobs({}, otherToken)).statusCode).toBe(200);
      const job = await enqueueJob(ctx.db, fixtures.progress, { steps: [] }, { accountId });
      expect((await waitForState(ctx.db, job.id, ['done'])).state).toBe('done');
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await workers?.stop({ graceMs: 0 });
    }
  });
});
