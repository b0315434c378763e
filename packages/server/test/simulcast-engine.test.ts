import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SIMULCAST_MESSAGES,
  SIMULCAST_TARGET_EVENT,
  type Simulcast,
  type SimulcastStats,
  type SimulcastTarget,
  simulcastPaths,
  simulcastTargetResponse,
} from '@regie/contract/simulcast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveInputs } from '../src/db/live.table.ts';
import { createMemoryHub, type HubEvent } from '../src/realtime/realtime.hub.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import {
  freePort,
  type Running,
  type Sink,
  startBlackHole,
  startSink,
  startSource,
  waitFor,
} from './simulcast-fixtures.ts';

let ctx: TestContext;
let dir: string;
let source: Running & { url: string };
let token: string;
let accountId: number;
const hub = createMemoryHub();
const events: Array<{ topic: string; event: HubEvent }> = [];
/** The account's live inputs: one the local publisher plays, one not on air. */
const inputs = { onAir: 0, offline: 0 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'regie-simulcast-'));
  source = await startSource(join(dir, 'relay'));
  ctx = await createTestContext({
    dependencies: {
      hub,
      simulcast: {
        // One live input of the account is the local publisher; any other input is unavailable.
        sources: { urlOf: async (_account, inputId) => (inputId === inputs.onAir ? source.url : null) },
        engine: { backoff: { initialMs: 300, factor: 2, maxMs: 1_500 }, watchdogMs: 3_000, statsEveryMs: 500 },
      },
    },
  });
  const user = await ctx.buildUser({ roles: ['simulcast_write'], modules: ['SIMULCAST'] });
  accountId = user.accountId;
  token = await ctx.login(user.username, user.password);
  const made = await ctx.db
    .insert(liveInputs)
    .values([
      { accountId, name: 'Stage', streamKey: 'rk_engine_test_stage', latencyMode: '2s' },
      { accountId, name: 'Backstage', streamKey: 'rk_engine_test_backstage', latencyMode: '2s' },
    ])
    .returning({ id: liveInputs.id });
  inputs.onAir = made[0]?.id ?? 0;
  inputs.offline = made[1]?.id ?? 0;
  hub.subscribe(`${accountId}/admin/simulcasts/**`, (topic, event) => events.push({ topic, event }));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await source?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<T> {
  const response = await ctx.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

async function target(simulcastId: number, targetId: number): Promise<SimulcastTarget> {
  const simulcast = await call<Simulcast>('GET', simulcastPaths.one(simulcastId));
  const found = simulcast.targets.find((item) => item.id === targetId);
  if (!found) throw new Error(`target ${targetId} missing`);
  return found;
}

async function waitStatus(simulcastId: number, targetId: number, status: string, timeoutMs = 20_000) {
  await waitFor(async () => (await target(simulcastId, targetId)).status === status, timeoutMs, `target ${status}`);
  return target(simulcastId, targetId);
}

/** The longest time the sink went without its position moving, over the samples after `from`. */
function longestGap(sink: Sink, from: number): number {
  const samples = sink.samples.filter(([at]) => at >= from);
  let gap = 0;
  for (let index = 1; index < samples.length; index += 1) {
    const [at, position] = samples[index] ?? [0, 0];
    const [previousAt, previousPosition] = samples[index - 1] ?? [0, 0];
    if (position > previousPosition) gap = Math.max(gap, at - previousAt);
  }
  return Math.max(gap, Date.now() - (samples.at(-1)?.[0] ?? 0));
}

describe('simulcast engine', () => {
  it('restreams to two sinks; a killed sink retries and recovers while the other never stops', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    let sinkA = startSink(portA);
    const sinkB = startSink(portB);
    const simulcast = await call<Simulcast>('POST', simulcastPaths.list(), { name: 'Final', inputId: inputs.onAir });
    const a = await call<SimulcastTarget>('POST', simulcastPaths.targets(simulcast.id), {
      name: 'Platform A',
      url: `rtmp://127.0.0.1:${portA}/live`,
      streamKey: 'key',
    });
    const b = await call<SimulcastTarget>('POST', simulcastPaths.targets(simulcast.id), {
      name: 'Platform B',
      url: `rtmp://127.0.0.1:${portB}/live`,
      streamKey: 'key',
    });
    try {
      await call('POST', simulcastPaths.start(simulcast.id, a.id));
      await call('POST', simulcastPaths.start(simulcast.id, b.id));
      expect((await call<Simulcast>('GET', simulcastPaths.one(simulcast.id))).state).toBe('live');
      await waitStatus(simulcast.id, a.id, 'live');
      const liveB = await waitStatus(simulcast.id, b.id, 'live');
      await waitFor(() => sinkA.position > 2_000_000 && sinkB.position > 2_000_000, 20_000, 'both sinks receiving');

      // Platform A goes away: its target retries, B's output goes on.
      const cut = Date.now();
      await sinkA.stop();
      const retrying = await waitStatus(simulcast.id, a.id, 'retrying');
      expect(retrying.lastErrorMessage?.code).toBe('SIMULCAST_MESSAGES.ffmpegFailed');
      expect(retrying.restarts).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      // Platform A comes back on the same address: the target is live again by itself.
      sinkA = startSink(portA);
      await waitStatus(simulcast.id, a.id, 'live', 30_000);
      const positionAfterReturn = sinkA.position;
      await waitFor(() => sinkA.position > positionAfterReturn + 1_000_000, 15_000, 'sink A receiving again');

      // B never stopped: its position moved at least every 2 s, and it never restarted.
      expect(longestGap(sinkB, cut)).toBeLessThan(2_000);
      const afterB = await target(simulcast.id, b.id);
      expect(afterB).toMatchObject({ status: 'live', restarts: 0, liveSince: liveB.liveSince });
      expect(afterB.bitrateKbps).toBeGreaterThan(50);

      // Live over the hub, and kept as stats.
      const types = events.filter((item) => item.topic === `${accountId}/admin/simulcasts/${simulcast.id}`);
      expect(types.some((item) => item.event.type === SIMULCAST_TARGET_EVENT)).toBe(true);
      const statuses = types
        .map((item) => simulcastTargetResponse.parse(item.event.payload))
        .filter((item) => item.id === a.id);
      expect(statuses.map((item) => item.status)).toEqual(expect.arrayContaining(['live', 'retrying']));
      const stats = await call<SimulcastStats>('GET', simulcastPaths.stats(simulcast.id));
      expect(stats.data.find((item) => item.targetId === b.id)?.samples.length).toBeGreaterThan(3);

      const stopped = await call<SimulcastTarget>('POST', simulcastPaths.stop(simulcast.id, a.id));
      expect(stopped).toMatchObject({ status: 'stopped', running: false });
    } finally {
      await call('POST', simulcastPaths.stop(simulcast.id, a.id));
      await call('POST', simulcastPaths.stop(simulcast.id, b.id));
      await sinkA.stop();
      await sinkB.stop();
    }
    expect((await call<Simulcast>('GET', simulcastPaths.one(simulcast.id))).state).toBe('idle');
  }, 120_000);

  it('restarts a target whose ingest hangs (watchdog)', async () => {
    const hole = await startBlackHole();
    const simulcast = await call<Simulcast>('POST', simulcastPaths.list(), { name: 'Hang', inputId: inputs.onAir });
    const hanging = await call<SimulcastTarget>('POST', simulcastPaths.targets(simulcast.id), {
      name: 'Hanging platform',
      url: `rtmp://127.0.0.1:${hole.port}/live`,
      streamKey: 'key',
    });
    try {
      await call('POST', simulcastPaths.start(simulcast.id, hanging.id));
      const stalled = await waitStatus(simulcast.id, hanging.id, 'retrying', 15_000);
      expect(stalled.lastErrorMessage).toEqual(SIMULCAST_MESSAGES.stalled(3));
      expect(stalled.lastError).toBe('No data sent for 3 s: restarted');
    } finally {
      await call('POST', simulcastPaths.stop(simulcast.id, hanging.id));
      await hole.stop();
    }
  }, 60_000);

  it('retries while the input is unavailable, fails without a source', async () => {
    const port = await freePort();
    const noInput = await call<Simulcast>('POST', simulcastPaths.list(), { name: 'No input' });
    const offline = await call<Simulcast>('POST', simulcastPaths.list(), { name: 'Offline', inputId: inputs.offline });
    const body = { name: 'Sink', url: `rtmp://127.0.0.1:${port}/live`, streamKey: 'key' };
    const first = await call<SimulcastTarget>('POST', simulcastPaths.targets(noInput.id), body);
    const second = await call<SimulcastTarget>('POST', simulcastPaths.targets(offline.id), body);
    await call('POST', simulcastPaths.start(noInput.id, first.id));
    await call('POST', simulcastPaths.start(offline.id, second.id));
    const failed = await waitStatus(noInput.id, first.id, 'failed');
    expect(failed.lastErrorMessage).toEqual(SIMULCAST_MESSAGES.sourceMissing);
    const retrying = await waitStatus(offline.id, second.id, 'retrying');
    expect(retrying.lastErrorMessage).toEqual(SIMULCAST_MESSAGES.sourceUnavailable(inputs.offline));
    await call('POST', simulcastPaths.stop(noInput.id, first.id));
    await call('POST', simulcastPaths.stop(offline.id, second.id));
  }, 60_000);
});
