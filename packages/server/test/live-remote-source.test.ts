import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type LiveInput, livePaths } from '@regie/contract/live';
import { type Simulcast, type SimulcastTarget, simulcastPaths } from '@regie/contract/simulcast';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { leaseHolders } from '../src/cluster/leases.ts';
import { liveSegments } from '../src/db/live.table.ts';
import { inputLeaseName } from '../src/live/input.lease.ts';
import { createMemoryHub } from '../src/realtime/realtime.hub.ts';
import { simulcastTargetLease } from '../src/simulcast/simulcast.leased.ts';
import { localStorage } from '../src/storage/storage.local.ts';
import { type BuiltUser, callApp, createTestContext, type TestContext, testConfig } from './helpers.ts';
import { waitFor } from './jobs-fixtures.ts';
import { publishTestStream, type TestPublisher } from './live-fixtures.ts';
import { freePort, type Sink, startSink, waitFor as waitUntil } from './simulcast-fixtures.ts';

/**
 * A simulcast target pushed from a live node other than its input's (issue 27): three apps on one
 * database, one storage and one hub, as a cluster shares them. Node C receives the encoder but
 * cannot push (its simulcast engine reads no input here); nodes A and B are live nodes listening
 * on HTTP. Once the target has waited for C (no process held it for REMOTE_AFTER_MS), A or B takes
 * it and reads the input's live playlist from its own HTTP server.
 */
let ctx: TestContext;
let nodeB: App;
let nodeC: App;
/** The input's node of the second test: pushes one target at most (REGIE_LIVE_MAX_PUSHES=1). */
let nodeD: App;
let dir: string;
let user: BuiltUser;
let token = '';
const publishers: TestPublisher[] = [];
const sinks: Sink[] = [];

const engine = { backoff: { initialMs: 300, factor: 2, maxMs: 1_000 }, watchdogMs: 3_000, statsEveryMs: 500 };
const lease = (holder: string) => ({ holder, ttlMs: 3_000, claimEveryMs: 200, inputTtlMs: 8_000 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'regie-live-remote-'));
  const storage = localStorage(join(dir, 'storage'), 'http://localhost/images');
  const hub = createMemoryHub();
  const node = (name: string) => ({
    storage,
    hub,
    live: { lease: lease(name) },
    simulcast: { engine, lease: lease(name) },
  });
  ctx = await createTestContext({ config: { dataDir: join(dir, 'node-a') }, dependencies: node('node-a') });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  nodeB = await buildApp(testConfig({ dataDir: join(dir, 'node-b') }), { ...node('node-b'), database: ctx.database });
  await nodeB.listen({ port: 0, host: '127.0.0.1' });
  // A live node that cannot push: its simulcast engine reads no input, so it takes no target.
  nodeC = await buildApp(testConfig({ dataDir: join(dir, 'node-c') }), {
    ...node('node-c'),
    simulcast: {
      engine,
      lease: lease('node-c'),
      sources: { urlOf: async () => null, readableHere: async () => new Set<number>() },
    },
    database: ctx.database,
  });
  nodeD = await buildApp(testConfig({ dataDir: join(dir, 'node-d') }), {
    ...node('node-d'),
    simulcast: { engine, lease: lease('node-d'), maxPushes: 1 },
    database: ctx.database,
  });
  user = await ctx.buildUser({ roles: ['use_stream', 'simulcast_write'], modules: ['AWS_STREAM', 'SIMULCAST'] });
  token = await ctx.login(user.username, user.password);
}, 60_000);

afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  await Promise.all(sinks.map((sink) => sink.stop()));
  await nodeD?.close();
  await nodeC?.close();
  await nodeB?.close();
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

async function call<T>(app: App, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  return callApp<T>(app, token, method, url, payload);
}

async function holderOf(name: string): Promise<string | undefined> {
  return (await leaseHolders(ctx.db, [name])).get(name)?.holder;
}

describe('a simulcast target on another live node than its input’s', () => {
  it('is taken by a node that can read the input once the input’s node has left it unclaimed, and pushed from its live playlist', async () => {
    const input = await call<LiveInput>(ctx.app, 'POST', livePaths.list, { name: 'Received on C', latencyMode: '1s' });
    const { streamKey } = await call<{ streamKey: string }>(ctx.app, 'GET', livePaths.key(input.id));
    const onC = await call<LiveInput>(nodeC, 'GET', livePaths.one(input.id));
    const publisher = publishTestStream(`${onC.ingestUrl}/${streamKey}`, 120);
    publishers.push(publisher);
    await waitFor(
      async () => {
        const segments = await ctx.db.select().from(liveSegments).where(eq(liveSegments.inputId, input.id));
        return segments.length >= 2 && (await holderOf(inputLeaseName(input.id))) === 'node-c' ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'the input packaged on node C' },
    );
    // Node C reads it from its publisher; node A, from its own HTTP server's live playlist.
    expect(await nodeC.liveSources.urlOf(user.accountId, input.id)).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\//);
    expect(await ctx.app.liveSources.urlOf(user.accountId, input.id)).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/live-media/${user.accountId}/${input.id}/live\\.m3u8\\?t=`),
    );

    const port = await freePort();
    const sink = startSink(port);
    sinks.push(sink);
    const simulcast = await call<Simulcast>(ctx.app, 'POST', simulcastPaths.list(), {
      name: 'Pushed from afar',
      inputId: input.id,
    });
    const target = await call<SimulcastTarget>(ctx.app, 'POST', simulcastPaths.targets(simulcast.id), {
      name: 'Platform',
      url: `rtmp://127.0.0.1:${port}/live`,
      streamKey: 'key',
    });
    const targetLease = simulcastTargetLease(target.id);
    // The nodes start timing the wait after this instant (all in this process: one clock).
    const startedAt = performance.now();
    await call(ctx.app, 'POST', simulcastPaths.start(simulcast.id, target.id));
    // Waiting for node C, which could take it (REMOTE_AFTER_MS, 3 s): no process holds it. Only
    // answers read within 2 s of the start count, however slowly the machine answers.
    const unheld: (string | undefined)[] = [];
    while (performance.now() - startedAt < 2_000) {
      const holder = await holderOf(targetLease);
      if (performance.now() - startedAt < 2_000) unheld.push(holder);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(unheld.length).toBeGreaterThan(0);
    expect(unheld.every((holder) => holder === undefined)).toBe(true);

    await waitUntil(() => sink.position > 1_000_000, 30_000, 'the sink receiving');
    expect(await holderOf(inputLeaseName(input.id))).toBe('node-c');
    expect(['node-a', 'node-b']).toContain(await holderOf(targetLease));
    const running = await waitFor(
      async () => {
        const read = await call<Simulcast>(ctx.app, 'GET', simulcastPaths.one(simulcast.id));
        const row = read.targets.find((one) => one.id === target.id);
        return row?.status === 'live' ? row : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 200, what: 'the target live' },
    );
    expect(running.running).toBe(true);

    await call(ctx.app, 'POST', simulcastPaths.stop(simulcast.id, target.id));
    expect(await holderOf(targetLease)).toBeUndefined();
  }, 120_000);

  it('spreads an input’s targets past its node’s limit of pushes to the other live nodes, which read its live playlist', async () => {
    const input = await call<LiveInput>(ctx.app, 'POST', livePaths.list, { name: 'Received on D', latencyMode: '1s' });
    const { streamKey } = await call<{ streamKey: string }>(ctx.app, 'GET', livePaths.key(input.id));
    const onD = await call<LiveInput>(nodeD, 'GET', livePaths.one(input.id));
    publishers.push(publishTestStream(`${onD.ingestUrl}/${streamKey}`, 120));
    await waitFor(async () => ((await holderOf(inputLeaseName(input.id))) === 'node-d' ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: 'the input on air on node D',
    });
    const simulcast = await call<Simulcast>(ctx.app, 'POST', simulcastPaths.list(), {
      name: 'Two platforms',
      inputId: input.id,
    });
    const targets: { target: SimulcastTarget; sink: Sink }[] = [];
    for (const name of ['First platform', 'Second platform']) {
      const port = await freePort();
      const sink = startSink(port);
      sinks.push(sink);
      const target = await call<SimulcastTarget>(ctx.app, 'POST', simulcastPaths.targets(simulcast.id), {
        name,
        url: `rtmp://127.0.0.1:${port}/live`,
        streamKey: 'key',
      });
      targets.push({ target, sink });
    }
    for (const { target } of targets) await call(ctx.app, 'POST', simulcastPaths.start(simulcast.id, target.id));
    for (const { sink } of targets) await waitUntil(() => sink.position > 1_000_000, 30_000, 'each platform receiving');

    // Node D pushes one (from its publisher); the other waited for it, then went to A or B.
    const holders = await Promise.all(targets.map(({ target }) => holderOf(simulcastTargetLease(target.id))));
    expect(holders.filter((holder) => holder === 'node-d')).toHaveLength(1);
    expect(holders.filter((holder) => holder === 'node-a' || holder === 'node-b')).toHaveLength(1);
    expect(await holderOf(inputLeaseName(input.id))).toBe('node-d');
    for (const { target } of targets) await call(ctx.app, 'POST', simulcastPaths.stop(simulcast.id, target.id));
  }, 120_000);
});
