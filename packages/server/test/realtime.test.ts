import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { ACTING_MESSAGES } from '@regie/contract/acting';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import { JOB_EVENTS } from '@regie/contract/jobs';
import { renderMessage } from '@regie/contract/messages.render';
import { MESSAGES_PATH, messageEventType, REALTIME_CLOSE } from '@regie/contract/realtime';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { createJobRegistry } from '../src/jobs/jobs.define.ts';
import { enqueueJob } from '../src/jobs/jobs.queue.ts';
import { startWorkers } from '../src/jobs/jobs.worker.ts';
import { createMemoryHub } from '../src/realtime/realtime.hub.ts';
import { createRedisHub } from '../src/realtime/realtime.redis.ts';
import { registerRealtimeSocket } from '../src/realtime/realtime.socket.ts';
import { type BuiltUser, createTestContext, type TestContext, testConfig } from './helpers.ts';
import { testJobTypes, waitForState } from './jobs-fixtures.ts';
import { RealtimeClient } from './realtime-client.ts';

let ctx: TestContext;
let baseUrl: string;
let managerA: BuiltUser;
let managerB: BuiltUser;
let editorA: BuiltUser;
const tokens = new Map<string, string>();
const clients: RealtimeClient[] = [];
const fixtures = testJobTypes();

const tokenOf = (user: BuiltUser) => tokens.get(user.username) ?? '';
function client(url = baseUrl, options: { autoPong?: boolean } = {}): RealtimeClient {
  const created = new RealtimeClient(url, options);
  clients.push(created);
  return created;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const accountA = await ctx.buildAccount();
  const accountB = await ctx.buildAccount();
  managerA = await ctx.buildUser({ accountId: accountA.id, roles: ['manage_users'] });
  editorA = await ctx.buildUser({ accountId: accountA.id, roles: ['video_write'] });
  managerB = await ctx.buildUser({ accountId: accountB.id, roles: ['manage_users'] });
  for (const user of [managerA, editorA, managerB])
    tokens.set(user.username, await ctx.login(user.username, user.password));
  tokens.set('admin', await ctx.login('admin'));
  // The admin's calls and connections below that send B's key act for B (issue 26).
  await ctx.actFor(tokens.get('admin') ?? '', accountB);
});
afterEach(() => {
  for (const open of clients.splice(0)) open.close();
});
afterAll(() => ctx.close());

function sendToast(app: App, user: BuiltUser, text: string) {
  return app.inject({
    method: 'POST',
    url: MESSAGES_PATH,
    headers: { authorization: `Bearer ${tokenOf(user)}` },
    payload: { text, type: 'success' },
  });
}

describe('toasts', () => {
  it("reach the connected users of the account, and nobody else's", async () => {
    const a = await client().connect({ token: tokenOf(editorA) });
    const b = await client().connect({ token: tokenOf(managerB) });
    const response = await sendToast(ctx.app, managerA, 'Encoding finished');
    expect(response.statusCode).toBe(202);
    const sent = response.json();
    expect(sent).toEqual({
      id: expect.any(String),
      text: 'Encoding finished',
      type: 'success',
      AccountId: managerA.accountId,
    });

    const event = await a.waitFor((message) => message.topic === '/admin/messages');
    expect(event).toEqual({
      topic: '/admin/messages',
      type: messageEventType(managerA.accountId),
      payload: { id: sent.id, text: 'Encoding finished', type: 'success' },
    });
    await pause(200);
    expect(b.events()).toEqual([]);
  });

  it('reach a socket once when several of its topics match (/admin/** and /admin/messages)', async () => {
    const a = await client().connect({ token: tokenOf(editorA) }, ['/admin/**', '/admin/messages']);
    const response = await sendToast(ctx.app, managerA, 'Only once');
    expect(response.statusCode).toBe(202);
    await a.waitFor((message) => message.topic === '/admin/messages');
    await pause(200);
    expect(a.events()).toHaveLength(1);
  });

  it('may be sent by user managers and admins only', async () => {
    const response = await sendToast(ctx.app, editorA, 'Hello');
    expect(response.statusCode).toBe(403);
  });

  it("lets an admin acting for an account reach that account's users", async () => {
    const b = await client().connect({ token: tokenOf(managerB) });
    const response = await ctx.request({
      method: 'POST',
      url: MESSAGES_PATH,
      token: tokens.get('admin'),
      accountKey: managerB.accountKey,
      payload: { text: 'Maintenance at 22:00', type: 'warning', AccountId: managerA.accountId },
    });
    expect(response.json()).toMatchObject({ AccountId: managerB.accountId });
    await b.waitFor((message) => (message.payload as { text?: string })?.text === 'Maintenance at 22:00');
  });
});

describe('job events', () => {
  it("stream job progress and state to the job's account only", async () => {
    const a = await client().connect({ token: tokenOf(editorA) }, ['/admin/jobs']);
    const b = await client().connect({ token: tokenOf(managerB) });
    const workers = startWorkers(ctx.db, {
      concurrency: 1,
      pollMs: 20,
      dataDir: '/tmp',
      registry: createJobRegistry(fixtures.types),
      hub: ctx.app.realtime,
      progressIntervalMs: 10,
    });
    try {
      const job = await enqueueJob(ctx.db, fixtures.progress, { steps: [30, 60] }, { accountId: editorA.accountId });
      await waitForState(ctx.db, job.id, ['done']);
      const done = await a.waitFor(
        (message) => message.type === JOB_EVENTS.state && (message.payload as { state: string }).state === 'done',
      );
      expect(done).toMatchObject({
        topic: '/admin/jobs',
        payload: { id: job.id, progress: 100, result: { finished: true } },
      });
      const progress = a.events().filter((message) => message.type === JOB_EVENTS.progress);
      expect(progress.map((message) => (message.payload as { progress: number }).progress)).toEqual([30, 60]);
    } finally {
      await workers.stop({ graceMs: 0 });
    }
    await pause(100);
    expect(b.events()).toEqual([]);
  });
});

describe('the connection', () => {
  it('answers ping with pong', async () => {
    const a = await client().connect({ token: tokenOf(editorA) }, []);
    await a.send({ type: 'ping' });
    await a.waitFor((message) => message.type === 'pong');
  });

  it('says which account it acts for, simulated for an admin naming another account', async () => {
    const admin = await client().connect({ token: tokens.get('admin') ?? '', accountKey: managerB.accountKey }, []);
    expect(admin.messages[0]).toEqual({ type: 'ready', accountId: managerB.accountId, simulated: true });
  });

  it('is closed for an admin naming another account without acting for it (issue 26)', async () => {
    const socket = client();
    await socket.send({ type: 'auth', token: await ctx.login('admin'), accountKey: managerB.accountKey });
    expect(await socket.closed).toEqual({
      code: REALTIME_CLOSE.forbidden,
      reason: renderMessage(ACTING_MESSAGES.required),
    });
  });

  it('is closed for a bad token', async () => {
    const socket = client();
    await socket.send({ type: 'auth', token: 'not-a-token' });
    expect(await socket.closed).toEqual({
      code: REALTIME_CLOSE.unauthorized,
      reason: renderMessage(AUTH_MESSAGES.invalidToken),
    });
  });

  it("is closed for a customer user presenting another account's key", async () => {
    const socket = client();
    await socket.send({ type: 'auth', token: tokenOf(editorA), accountKey: managerB.accountKey });
    expect(await socket.closed).toEqual({
      code: REALTIME_CLOSE.forbidden,
      reason: renderMessage(AUTH_MESSAGES.notAuthorised),
    });
  });

  it('is closed when it subscribes before authenticating, or sends nonsense', async () => {
    const early = client();
    await early.send({ type: 'subscribe', topic: '/admin/**' });
    expect((await early.closed).code).toBe(REALTIME_CLOSE.unauthorized);

    const nonsense = client();
    await nonsense.send('{"type":"subscribe","topic":"/other/**"}');
    expect(await nonsense.closed).toEqual({ code: REALTIME_CLOSE.badMessage, reason: 'Not a realtime client message' });
  });

  describe('with short timers', () => {
    let url: string;
    let bare: FastifyInstance;
    beforeAll(async () => {
      bare = Fastify();
      await registerRealtimeSocket(bare, { db: ctx.db, hub: createMemoryHub(), authTimeoutMs: 150, heartbeatMs: 100 });
      url = await bare.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => bare.close());

    it('is closed when no auth message comes in time', async () => {
      const silent = client(url);
      await silent.send({ type: 'ping' });
      expect(await silent.closed).toEqual({
        code: REALTIME_CLOSE.unauthorized,
        reason: 'Send {type:"auth", token} first',
      });
    });

    it('stays open while pings are answered, and is dropped when they are not', async () => {
      const alive = await client(url).connect({ token: tokenOf(editorA) }, []);
      const deaf = await client(url, { autoPong: false }).connect({ token: tokenOf(editorA) }, []);
      expect((await deaf.closed).code).toBe(REALTIME_CLOSE.timeout);
      await alive.send({ type: 'ping' });
      await alive.waitFor((message) => message.type === 'pong');
    });

    it('closes sockets with 1001 when the server shuts down', async () => {
      const server = Fastify();
      await registerRealtimeSocket(server, { db: ctx.db, hub: createMemoryHub() });
      const address = await server.listen({ port: 0, host: '127.0.0.1' });
      const open = await client(address).connect({ token: tokenOf(editorA) }, []);
      await server.close();
      expect(await open.closed).toEqual({ code: REALTIME_CLOSE.goingAway, reason: 'Server shutting down' });
    });
  });
});

/** Redis at REDIS_TEST_URL or the local default; the suite is skipped where none listens. */
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

describe.skipIf(!redisReachable)('over Redis, with two app instances', () => {
  it('delivers what one instance publishes to the clients of the other, per account', async () => {
    // A channel of its own, so parallel runs sharing this Redis never see each other's events.
    const channel = `regie:test:${randomBytes(6).toString('hex')}`;
    const shared = {
      db: ctx.db,
      driver: 'pglite' as const,
      migrate: async () => undefined,
      close: async () => undefined,
    };
    const hubOne = await createRedisHub({ url: redisUrl, channel });
    const hubTwo = await createRedisHub({ url: redisUrl, channel });
    const one = await buildApp(testConfig(), { database: shared, hub: hubOne });
    const two = await buildApp(testConfig(), { database: shared, hub: hubTwo });
    try {
      expect(one.realtime.backend).toBe('redis');
      const url = await one.listen({ port: 0, host: '127.0.0.1' });
      const a = await client(url).connect({ token: tokenOf(editorA) });
      const b = await client(url).connect({ token: tokenOf(managerB) });

      expect((await sendToast(two, managerA, 'From the other instance')).statusCode).toBe(202);
      const event = await a.waitFor((message) => message.topic === '/admin/messages');
      expect(event.payload).toMatchObject({ text: 'From the other instance', type: 'success' });

      // Job events published by a worker beside instance two reach instance one's client.
      const workers = startWorkers(ctx.db, {
        concurrency: 1,
        pollMs: 20,
        dataDir: '/tmp',
        registry: createJobRegistry(fixtures.types),
        hub: hubTwo,
        progressIntervalMs: 10,
      });
      try {
        const job = await enqueueJob(ctx.db, fixtures.progress, { steps: [50] }, { accountId: editorA.accountId });
        await a.waitFor(
          (message) =>
            message.type === JOB_EVENTS.state &&
            (message.payload as { id: number; state: string }).state === 'done' &&
            (message.payload as { id: number }).id === job.id,
        );
        expect(a.events().some((message) => message.type === JOB_EVENTS.progress)).toBe(true);
      } finally {
        await workers.stop({ graceMs: 0 });
      }
      await pause(200);
      expect(b.events()).toEqual([]);
    } finally {
      for (const open of clients.splice(0)) open.close();
      await one.close();
      await two.close();
      await hubOne.close();
      await hubTwo.close();
    }
  });
});
