import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Simulcast, type SimulcastTarget, simulcastPaths } from '@regie/contract/simulcast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { leaseHolders } from '../src/cluster/leases.ts';
import { liveInputs } from '../src/db/live.table.ts';
import { simulcastTargetLease } from '../src/simulcast/simulcast.leased.ts';
import { callApp, createTestContext, type TestContext, testConfig } from './helpers.ts';
import { freePort, type Running, startSink, startSource, waitFor } from './simulcast-fixtures.ts';

/**
 * Simulcast targets under leases (issue 27.2): two processes on one database (two apps on the
 * same database here), one push per running target, and the other process takes the push over
 * when the first stops.
 */
let ctx: TestContext;
let second: App;
/** A process with the API role only (REGIE_ROLES=api): it passes starts on and pushes nothing. */
let apiOnly: App;
let dir: string;
let source: Running & { url: string };
let token: string;
let inputId = 0;

const engine = { backoff: { initialMs: 300, factor: 2, maxMs: 1_000 }, watchdogMs: 3_000, statsEveryMs: 500 };
const lease = (holder: string) => ({ holder, ttlMs: 3_000, claimEveryMs: 200 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'regie-simulcast-leases-'));
  source = await startSource(join(dir, 'relay'));
  const sources = { urlOf: async (_account: number, id: number) => (id === inputId ? source.url : null) };
  ctx = await createTestContext({
    dependencies: { simulcast: { sources, engine, lease: lease('process-a') } },
  });
  second = await buildApp(testConfig(), {
    database: ctx.database,
    simulcast: { sources, engine, lease: lease('process-b') },
  });
  apiOnly = await buildApp(testConfig({ roles: ['api'] }), {
    database: ctx.database,
    simulcast: { sources, engine, lease: lease('process-api') },
  });
  const user = await ctx.buildUser({ roles: ['simulcast_write'], modules: ['SIMULCAST'] });
  token = await ctx.login(user.username, user.password);
  const [input] = await ctx.db
    .insert(liveInputs)
    .values({ accountId: user.accountId, name: 'Stage', streamKey: 'rk_leases_test_stage', latencyMode: '2s' })
    .returning({ id: liveInputs.id });
  inputId = input?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await apiOnly?.close();
  await second?.close();
  await ctx?.close();
  await source?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A call on one of the two processes. */
async function call<T>(app: App, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  return callApp<T>(app, token, method, url, payload);
}

async function holderOf(targetId: number): Promise<string | undefined> {
  const name = simulcastTargetLease(targetId);
  return (await leaseHolders(ctx.db, [name])).get(name)?.holder;
}

describe('a simulcast target on two processes', () => {
  it('is pushed by one process only, and by the other once the first stops', async () => {
    const port = await freePort();
    let sink = startSink(port);
    const simulcast = await call<Simulcast>(ctx.app, 'POST', simulcastPaths.list(), { name: 'Derby', inputId });
    const target = await call<SimulcastTarget>(ctx.app, 'POST', simulcastPaths.targets(simulcast.id), {
      name: 'Platform',
      url: `rtmp://127.0.0.1:${port}/live`,
      streamKey: 'key',
    });
    try {
      // Started on the process without the live role: one of the live processes pushes it.
      await call(apiOnly, 'POST', simulcastPaths.start(simulcast.id, target.id));
      await waitFor(() => sink.position > 1_000_000, 20_000, 'the sink receiving');
      const first = await holderOf(target.id);
      expect(['process-a', 'process-b']).toContain(first);
      // Several claim periods later, still the same one process: the other never took it.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await holderOf(target.id)).toBe(first);

      // The holder stops (SIGTERM): it hands the target over; the other pushes from the input.
      const [stopping, staying] = first === 'process-a' ? [ctx.app, second] : [second, ctx.app];
      const stoppedAt = Date.now();
      await stopping.close();
      // The sink accepts one publisher at a time: a platform's ingest whose publisher left.
      await sink.stop();
      sink = startSink(port);
      await waitFor(() => sink.position > 1_000_000, 20_000, 'the sink receiving from the other process');
      expect(Date.now() - stoppedAt).toBeLessThan(15_000);
      expect(await holderOf(target.id)).toBe(first === 'process-a' ? 'process-b' : 'process-a');
      const status = async () =>
        (await call<Simulcast>(staying, 'GET', simulcastPaths.one(simulcast.id))).targets[0]?.status;
      await waitFor(async () => (await status()) === 'live', 10_000, 'the target live again');

      // Stopped by its user on the remaining process: no process holds it any more.
      await call(staying, 'POST', simulcastPaths.stop(simulcast.id, target.id));
      expect(await holderOf(target.id)).toBeUndefined();
    } finally {
      await sink.stop();
    }
  });
});
