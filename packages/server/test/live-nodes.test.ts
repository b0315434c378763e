import { copyFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LiveInput, livePaths } from '@regie/contract/live';
import { type Simulcast, type SimulcastTarget, simulcastPaths } from '@regie/contract/simulcast';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { leaseHolders } from '../src/cluster/leases.ts';
import { leases } from '../src/db/leases.table.ts';
import { liveAccountLimits, liveInputs, liveSegments } from '../src/db/live.table.ts';
import { idleUnleasedInputs, inputLeaseName } from '../src/live/input.lease.ts';
import { INPUT_HOLDER_EVENTS, INPUT_HOLDER_TOPIC } from '../src/live/live.supervisor.ts';
import { createMemoryHub, type RealtimeHub } from '../src/realtime/realtime.hub.ts';
import { simulcastTargetLease } from '../src/simulcast/simulcast.leased.ts';
import { localStorage } from '../src/storage/storage.local.ts';
import { callApp, createTestContext, type TestContext, testConfig } from './helpers.ts';
import { waitFor } from './jobs-fixtures.ts';
import { publishTestStream, type TestPublisher } from './live-fixtures.ts';
import { freePort, type Sink, startSink, waitFor as waitUntil } from './simulcast-fixtures.ts';

/**
 * Two live nodes on one database (issue 27): two apps with the live role, each its own ingest and
 * its own data folder (as on two machines), one storage and one hub, as a cluster shares them.
 * An input's packager runs under its lease `live-input:<id>` on the node receiving the encoder;
 * the encoder reconnecting to the other node after the first one is gone continues the input's
 * index there; a simulcast target is pushed by the node receiving its source input.
 */
// Long enough that node B, kept waiting for the dead node's lease, is still waiting (its lease's
// life and a margin) when the test lets that lease run out, however loaded the machine.
const INPUT_TTL_MS = 8_000;
let ctx: TestContext;
let nodeB: App;
let dir: string;
let hub: RealtimeHub;
let token = '';
const publishers: TestPublisher[] = [];
const sinks: Sink[] = [];

const engine = { backoff: { initialMs: 300, factor: 2, maxMs: 1_000 }, watchdogMs: 3_000, statsEveryMs: 500 };
const lease = (holder: string) => ({ holder, ttlMs: 3_000, claimEveryMs: 200, inputTtlMs: INPUT_TTL_MS });

/** A live node's dependencies: the cluster's one storage and one hub, its own name. */
let node: (name: string) => Parameters<typeof buildApp>[1];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'regie-live-nodes-'));
  const storage = localStorage(join(dir, 'storage'), 'http://localhost/images');
  hub = createMemoryHub();
  node = (name: string) => ({
    storage,
    hub,
    live: { lease: lease(name) },
    simulcast: { engine, lease: lease(name) },
  });
  ctx = await createTestContext({ config: { dataDir: join(dir, 'node-a') }, dependencies: node('node-a') });
  nodeB = await buildApp(testConfig({ dataDir: join(dir, 'node-b') }), { ...node('node-b'), database: ctx.database });
  const user = await ctx.buildUser({
    roles: ['use_stream', 'simulcast_write'],
    modules: ['AWS_STREAM', 'SIMULCAST'],
  });
  token = await ctx.login(user.username, user.password);
}, 60_000);

afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  await Promise.all(sinks.map((sink) => sink.stop()));
  await nodeB?.close();
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

async function call<T>(app: App, method: 'GET' | 'POST', url: string, payload?: unknown, as = token): Promise<T> {
  return callApp<T>(app, as, method, url, payload);
}

/** An input and where an encoder publishes it on each node (each its own ingest port). */
async function newInput(name: string, as = token) {
  const input = await call<LiveInput>(ctx.app, 'POST', livePaths.list, { name, latencyMode: '1s' }, as);
  const { streamKey } = await call<{ streamKey: string }>(ctx.app, 'GET', livePaths.key(input.id), undefined, as);
  const onB = await call<LiveInput>(nodeB, 'GET', livePaths.one(input.id), undefined, as);
  expect(onB.ingestUrl).not.toBe(input.ingestUrl);
  return { input, urlA: `${input.ingestUrl}/${streamKey}`, urlB: `${onB.ingestUrl}/${streamKey}` };
}

function publish(url: string, seconds: number): TestPublisher {
  const publisher = publishTestStream(url, seconds);
  publishers.push(publisher);
  return publisher;
}

const segmentsOf = (inputId: number) =>
  ctx.db.select().from(liveSegments).where(eq(liveSegments.inputId, inputId)).orderBy(asc(liveSegments.id));

async function holderOf(name: string): Promise<string | undefined> {
  return (await leaseHolders(ctx.db, [name])).get(name)?.holder;
}

/**
 * Answers, on the hub, the questions about inputs `holder` holds, as a live node does while it
 * packages them: a node whose encoder connection has not been seen closed yet (a half-open TCP
 * connection), so the node receiving the reconnected encoder waits for its lease.
 */
function answerFor(holder: string): () => void {
  return hub.subscribe(INPUT_HOLDER_TOPIC, (_topic, event) => {
    const asked = event.payload as { holder?: string };
    if (event.type === INPUT_HOLDER_EVENTS.ask && asked.holder === holder) {
      void hub.publish(INPUT_HOLDER_TOPIC, { type: INPUT_HOLDER_EVENTS.mine, payload: event.payload });
    }
  });
}

/** Node A packaging a new input: three segments indexed under its lease. */
async function packagedOnA(name: string) {
  const made = await newInput(name);
  const first = publish(made.urlA, 60);
  const before = await waitFor(
    async () => {
      const rows = await segmentsOf(made.input.id);
      return rows.length >= 3 ? rows : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: 'three segments packaged on node A' },
  );
  expect(before[0]?.discontinuity).toBe(true);
  expect(await holderOf(inputLeaseName(made.input.id))).toBe('node-a');
  expect(await stateOf(made.input.id)).toBe('live');
  return { ...made, first };
}

/**
 * Node A dies the way kill -9 leaves it: its lease stays taken, by a holder that never renews it
 * and answers nobody, for ten minutes (as long as the test needs). Node A, still running here,
 * finds it lost at its next renewal: it stops its packager and lets its encoder go, and (fenced)
 * writes nothing more.
 */
async function killA(inputId: number, first: TestPublisher): Promise<number> {
  await ctx.db.execute(sql`
    update leases set holder = 'node-a (killed)', token = token + 1,
      expires_at = now() + interval '10 minutes'
    where name = ${inputLeaseName(inputId)}`);
  await first.exited;
  return (await segmentsOf(inputId)).length;
}

/** The index is one: sequences strictly increasing in the order written, none twice, each file the one indexed. */
async function expectOneIndex(rows: { sequence: number; path: string; bytes: number }[]) {
  const sequences = rows.map((row) => row.sequence);
  for (let index = 1; index < sequences.length; index += 1) {
    expect(sequences[index]).toBeGreaterThan(sequences[index - 1] ?? -1);
  }
  for (const row of rows) {
    expect((await stat(join(dir, 'storage', row.path))).size, row.path).toBe(row.bytes);
  }
}

/** A lease's row as it stands (valid or not): holder, token, and the seconds it has left. */
async function leaseRow(name: string) {
  const [row] = await ctx.db
    .select({
      holder: leases.holder,
      token: leases.token,
      left: sql<number>`extract(epoch from ${leases.expiresAt} - now())::float`,
    })
    .from(leases)
    .where(eq(leases.name, name));
  return row;
}

async function stateOf(inputId: number): Promise<string | undefined> {
  const [row] = await ctx.db.select({ state: liveInputs.state }).from(liveInputs).where(eq(liveInputs.id, inputId));
  return row?.state;
}

describe('two live nodes on one database', () => {
  it('takes an input over at once from a node that no longer answers (killed), numbering on after its index', async () => {
    const { input, urlB, first } = await packagedOnA('Taken over');
    const name = inputLeaseName(input.id);
    const ofA = await killA(input.id, first);
    const deadToken = (await leaseRow(name))?.token ?? 0;

    // The encoder reconnects, to node B: the dead node answers nobody, so B takes its lease over
    // without waiting the ten minutes it still had.
    const second = publish(urlB, 60);
    const after = await waitFor(
      async () => {
        const rows = await segmentsOf(input.id);
        return rows.length >= ofA + 3 ? rows : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'three segments packaged on node B' },
    );
    const lease = await leaseRow(name);
    expect(lease?.holder).toBe('node-b');
    expect(lease?.token).toBe(deadToken + 1);
    // Renewed for B's own life, not the dead holder's ten minutes.
    expect(lease?.left).toBeLessThan(INPUT_TTL_MS / 1000 + 1);
    expect(await stateOf(input.id)).toBe('live');
    await expectOneIndex(after);
    // B's run opens with a discontinuity right after A's last segment.
    expect(after[ofA]?.sequence).toBe((after[ofA - 1]?.sequence ?? 0) + 1);
    expect(after.filter((row) => row.discontinuity).map((row) => row.sequence)).toEqual([0, after[ofA]?.sequence]);
    await second.stop();
    await waitFor(async () => ((await stateOf(input.id)) === 'idle' ? true : undefined), {
      timeoutMs: 15_000,
      what: 'the input idle',
    });
  }, 120_000);

  it('answers on the hub, while it packages an input and its encoder sends, that it still holds it (a node a second encoder reaches waits for it)', async () => {
    const { input, first } = await packagedOnA('Still held');
    const token = (await leaseRow(inputLeaseName(input.id)))?.token ?? 0;
    const heard: unknown[] = [];
    const stopHearing = hub.subscribe(INPUT_HOLDER_TOPIC, (_topic, event) => {
      if (event.type === INPUT_HOLDER_EVENTS.mine) heard.push(event.payload);
    });
    /** Asks about the input's lease; true when an answer came (the memory hub answers at once). */
    const answered = async (holder: string, asked: number) => {
      const before = heard.length;
      await hub.publish(INPUT_HOLDER_TOPIC, {
        type: INPUT_HOLDER_EVENTS.ask,
        payload: { inputId: input.id, holder, token: asked },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      return heard.length > before;
    };
    try {
      // Asked about another holder or another token (a lease taken over since): not its to answer.
      expect(await answered('node-b', token)).toBe(false);
      expect(await answered('node-a', token + 1)).toBe(false);
      // Asked about its own lease: it answers with what was asked.
      expect(await answered('node-a', token)).toBe(true);
      expect(heard).toEqual([{ inputId: input.id, holder: 'node-a', token }]);

      // Its encoder stops sending, its connection still open (half-open, as when the encoder's
      // network changed): past HOLDER_STALLED_MS it no longer answers, so the node the encoder
      // reconnected to would take the input over. Sending again, it answers again.
      first.process.kill('SIGSTOP');
      await waitFor(async () => ((await answered('node-a', token)) ? undefined : true), {
        timeoutMs: 20_000,
        intervalMs: 200,
        what: 'node A silent about an input whose encoder sends nothing',
      });
      expect(await holderOf(inputLeaseName(input.id))).toBe('node-a');
      first.process.kill('SIGCONT');
      await waitFor(async () => ((await answered('node-a', token)) ? true : undefined), {
        timeoutMs: 20_000,
        intervalMs: 200,
        what: 'node A answering again once its encoder sends',
      });

      // Off air (its lease released), it answers no more.
      await first.stop();
      await waitFor(async () => ((await stateOf(input.id)) === 'idle' ? true : undefined), {
        timeoutMs: 15_000,
        what: 'the input idle',
      });
      expect(await answered('node-a', token)).toBe(false);
    } finally {
      first.process.kill('SIGCONT');
      stopHearing();
    }
  }, 90_000);

  it('continues an input on the node its encoder reconnects to once the first node lets it go', async () => {
    const { input, urlB, first } = await packagedOnA('Reconnected');
    const name = inputLeaseName(input.id);
    // The dead node's holder name still answers for it (its old encoder connection not seen
    // closed yet): B keeps its publisher waiting until that lease frees (here: until the test lets
    // it run out, below).
    const stopAnswering = answerFor('node-a (killed)');
    const ofA = await killA(input.id, first);

    // The encoder reconnects, to node B: kept connected until the dead node's lease expires, then packaged.
    const second = publish(urlB, 60);
    // B's packager reads the publish at once (numbered from the index as it is then)...
    const workB = join(dir, 'node-b', 'live-work', String(input.id));
    await waitFor(async () => ((await readdir(workB).catch(() => [])).length > 0 ? true : undefined), {
      timeoutMs: 15_000,
      what: "node B's packager writing",
    });
    // ...while the dead node's last segment is indexed late (its write was under way): B, once it
    // holds the lease, numbers on after it.
    const lastOfA = (await segmentsOf(input.id)).at(-1);
    const late = (lastOfA?.sequence ?? 0) + 1;
    const latePath = lastOfA?.path.replace(/\d+\.ts$/, `${late}.ts`) ?? '';
    await copyFile(join(dir, 'storage', lastOfA?.path ?? ''), join(dir, 'storage', latePath));
    await ctx.db.insert(liveSegments).values({
      inputId: input.id,
      sequence: late,
      startedAt: new Date((lastOfA?.startedAt.getTime() ?? 0) + 1_000),
      duration: lastOfA?.duration ?? 1,
      path: latePath,
      bytes: lastOfA?.bytes ?? 0,
    });
    expect(await holderOf(name)).toBe('node-a (killed)');
    // The dead node's lease runs out: B, still keeping its publisher, takes the input.
    stopAnswering();
    await ctx.db.execute(sql`update leases set expires_at = now() where name = ${name}`);
    const after = await waitFor(
      async () => {
        const rows = await segmentsOf(input.id);
        return rows.length >= ofA + 4 ? rows : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'three segments packaged on node B' },
    );
    expect(await holderOf(name)).toBe('node-b');
    expect(await stateOf(input.id)).toBe('live');

    // One index (none twice, no file written over by the other node's run), and B's run opens
    // with a discontinuity right after A's last (late) segment.
    await expectOneIndex(after);
    expect(after[ofA]?.sequence).toBe(late);
    const firstOfB = late + 1;
    expect(after[ofA + 1]?.sequence).toBe(firstOfB);
    expect(after.filter((row) => row.discontinuity).map((row) => row.sequence)).toEqual([0, firstOfB]);

    // The DVR playlist (signed by node B's media secret, its own here) lists both runs, B's after a discontinuity.
    const { playback } = await call<LiveInput>(nodeB, 'GET', livePaths.one(input.id));
    const parsed = new URL(playback.dvrUrl, 'http://localhost');
    const dvr = await nodeB.inject({ url: `${parsed.pathname}${parsed.search}` });
    expect(dvr.statusCode).toBe(200);
    const lines = dvr.body.split('\n');
    const uriOf = (sequence: number) => lines.findIndex((line) => line.startsWith(`${sequence}.ts?`));
    expect(uriOf(0)).toBeGreaterThan(0);
    expect(uriOf(late)).toBeGreaterThan(uriOf(0));
    const openingB = uriOf(firstOfB);
    expect(openingB).toBeGreaterThan(uriOf(late));
    expect(lines.slice(uriOf(late), openingB)).toContain('#EXT-X-DISCONTINUITY');
    expect(lines.filter((line) => line === '#EXT-X-DISCONTINUITY')).toHaveLength(1);

    // The encoder leaves node B: its lease is released at once and the input idle.
    await second.stop();
    await waitFor(async () => ((await stateOf(input.id)) === 'idle' ? true : undefined), {
      timeoutMs: 15_000,
      what: 'the input idle',
    });
    expect(await holderOf(name)).toBeUndefined();
  }, 120_000);

  it('hands an input over at once when its node stops (SIGTERM): idle, its lease free, its segments kept', async () => {
    const nodeC = await buildApp(testConfig({ dataDir: join(dir, 'node-c') }), {
      ...node('node-c'),
      database: ctx.database,
    });
    const { input } = await newInput('Handed over');
    const onC = await call<LiveInput>(nodeC, 'GET', livePaths.one(input.id));
    const { streamKey } = await call<{ streamKey: string }>(ctx.app, 'GET', livePaths.key(input.id));
    publish(`${onC.ingestUrl}/${streamKey}`, 60);
    await waitFor(
      async () =>
        (await segmentsOf(input.id)).length >= 2 && (await holderOf(inputLeaseName(input.id))) === 'node-c'
          ? true
          : undefined,
      { timeoutMs: 30_000, intervalMs: 200, what: 'the input packaged on node C' },
    );
    // What SIGTERM does (main.ts): the app closes. When close() returns, the input is handed over.
    await nodeC.close();
    expect(await holderOf(inputLeaseName(input.id))).toBeUndefined();
    expect(await stateOf(input.id)).toBe('idle');
    for (const row of await segmentsOf(input.id)) {
      expect((await stat(join(dir, 'storage', row.path))).size, row.path).toBe(row.bytes);
    }
  }, 60_000);

  it('idles an input whose node died, once its lease has been expired for a lease’s life', async () => {
    const { input } = await newInput('Orphaned');
    // What a node killed while the input was live leaves: the state live and a lease nobody renews.
    await ctx.db.update(liveInputs).set({ state: 'live' }).where(eq(liveInputs.id, input.id));
    await ctx.db.execute(sql`
      insert into leases (name, holder, token, expires_at, acquired_at, renewed_at)
      values (${inputLeaseName(input.id)}, 'node-dead', 1, now() + interval '1 second', now(), now())`);
    await waitFor(async () => ((await stateOf(input.id)) === 'idle' ? true : undefined), {
      timeoutMs: 40_000,
      what: 'the orphaned input idle',
    });
  }, 60_000);

  it('keeps a dead node’s input live for the grace after its lease expired, so a reconnecting encoder is not cut', async () => {
    const { input } = await newInput('Reconnecting');
    await ctx.db.update(liveInputs).set({ state: 'live' }).where(eq(liveInputs.id, input.id));
    await ctx.db.execute(sql`
      insert into leases (name, holder, token, expires_at, acquired_at, renewed_at)
      values (${inputLeaseName(input.id)}, 'node-dead', 1, now() - interval '2 seconds', now(), now())`);
    // Expired 2 s ago: within a 60 s grace it stays live (its playlists do not say the stream ended) …
    expect((await idleUnleasedInputs(ctx.db, 60_000)).map((row) => row.id)).not.toContain(input.id);
    expect(await stateOf(input.id)).toBe('live');
    // … past a 1 s grace it is idle; a lease released on purpose (holder emptied) is not waited for.
    expect((await idleUnleasedInputs(ctx.db, 1_000)).map((row) => row.id)).toContain(input.id);
    expect(await stateOf(input.id)).toBe('idle');
    await ctx.db.update(liveInputs).set({ state: 'live' }).where(eq(liveInputs.id, input.id));
    await ctx.db.execute(
      sql`update leases set holder = '', expires_at = now() + interval '1 minute' where name = ${inputLeaseName(input.id)}`,
    );
    expect((await idleUnleasedInputs(ctx.db, 60_000)).map((row) => row.id)).toContain(input.id);
  });

  it('pushes a simulcast target from the node receiving its input, and follows the input to another node', async () => {
    const { input, urlA, urlB } = await newInput('Simulcast source');
    const onB = publish(urlB, 90);
    await waitFor(async () => ((await holderOf(inputLeaseName(input.id))) === 'node-b' ? true : undefined), {
      timeoutMs: 20_000,
      what: 'the input on air on node B',
    });
    const port = await freePort();
    let sink = startSink(port);
    sinks.push(sink);
    const simulcast = await call<Simulcast>(ctx.app, 'POST', simulcastPaths.list(), {
      name: 'Followed',
      inputId: input.id,
    });
    const target = await call<SimulcastTarget>(ctx.app, 'POST', simulcastPaths.targets(simulcast.id), {
      name: 'Platform',
      url: `rtmp://127.0.0.1:${port}/live`,
      streamKey: 'key',
    });
    // Started on node A: node B, which receives the input, pushes it.
    await call(ctx.app, 'POST', simulcastPaths.start(simulcast.id, target.id));
    await waitUntil(() => sink.position > 1_000_000, 30_000, 'the sink receiving');
    expect(await holderOf(simulcastTargetLease(target.id))).toBe('node-b');

    // The encoder moves to node A: node B lets the target go, node A takes it and pushes.
    await onB.stop();
    await waitFor(async () => ((await holderOf(inputLeaseName(input.id))) === undefined ? true : undefined), {
      timeoutMs: 15_000,
      what: 'the input off air on node B',
    });
    publish(urlA, 90);
    await waitFor(async () => ((await holderOf(inputLeaseName(input.id))) === 'node-a' ? true : undefined), {
      timeoutMs: 20_000,
      what: 'the input on air on node A',
    });
    await waitFor(async () => ((await holderOf(simulcastTargetLease(target.id))) === 'node-a' ? true : undefined), {
      timeoutMs: 20_000,
      what: 'node A pushing the target',
    });
    // The sink accepts one publisher at a time: a platform's ingest whose publisher left.
    await sink.stop();
    sink = startSink(port);
    sinks.push(sink);
    await waitUntil(() => sink.position > 1_000_000, 30_000, 'the sink receiving from node A');
    expect(await holderOf(simulcastTargetLease(target.id))).toBe('node-a');
    await call(ctx.app, 'POST', simulcastPaths.stop(simulcast.id, target.id));
  }, 150_000);

  it("counts the account's limit over both nodes: an input past it on the other node is refused, with the reason", async () => {
    const account = await ctx.buildAccount({ modules: ['AWS_STREAM'] });
    await ctx.db.insert(liveAccountLimits).values({ accountId: account.id, simultaneousLiveInputs: 1 });
    const user = await ctx.buildUser({ accountId: account.id, roles: ['use_stream'], modules: ['AWS_STREAM'] });
    const as = await ctx.login(user.username, user.password);
    // Made after the limit: each node's key book has it (reloaded at every key change).
    const onAir = await newInput('First', as);
    const past = await newInput('Second', as);
    publish(onAir.urlA, 60);
    await waitFor(async () => ((await holderOf(inputLeaseName(onAir.input.id))) === 'node-a' ? true : undefined), {
      timeoutMs: 20_000,
      what: 'the first input on air on node A',
    });
    // Node B has none of the account's inputs on air: only the database knows it is at its limit.
    const refused = publish(past.urlB, 60);
    await refused.exited;
    const shown = await waitFor(
      async () => {
        const read = await call<LiveInput>(nodeB, 'GET', livePaths.one(past.input.id), undefined, as);
        return read.state === 'error' ? read : undefined;
      },
      { timeoutMs: 10_000, what: 'the refusal recorded' },
    );
    expect(shown.stateReason).toContain('limit');
    expect(await holderOf(inputLeaseName(past.input.id))).toBeUndefined();
    expect(await segmentsOf(past.input.id)).toHaveLength(0);
  }, 60_000);
});
