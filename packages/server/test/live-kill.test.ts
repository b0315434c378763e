import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEADER_ACCEPT_VERSION, paths } from '@regie/contract/api';
import { DEMO_PASSWORD } from '@regie/contract/demo';
import { type LiveInput, livePaths } from '@regie/contract/live';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './jobs-fixtures.ts';
import { publishTestStream, type TestPublisher } from './live-fixtures.ts';
import { freePort } from './simulcast-fixtures.ts';
import { buildWorkerBundle, postgresReachable, WORKER_POSTGRES } from './worker-processes.ts';

/**
 * The server process (API, ingest and packagers: the bundle's main.js) killed with SIGKILL while
 * an input is live. Its packager ffmpeg, orphaned, closes its last segments when the ingest goes
 * away; the restarted server indexes them before packaging again (live/packager.ts), so the
 * input's segments stay one unbroken sequence: none lost, none twice, each file stored. A fresh
 * PostgreSQL database of its own (skipped without a PostgreSQL server, as the other kill tests).
 */

const reachable = await postgresReachable();
if (!reachable) console.warn(`live-kill: skipped, no PostgreSQL at ${WORKER_POSTGRES}`);

const database = `regie_live_kill_${randomBytes(4).toString('hex')}`;
const databaseUrl = WORKER_POSTGRES.replace(/\/[^/]*$/, `/${database}`);
let bundle: string;
let dataDir: string;
let port: number;
let ingestPort: number;
let db: pg.Client;
let server: ChildProcess | null = null;
const publishers: TestPublisher[] = [];

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: WORKER_POSTGRES });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(bundle, 'main.js')], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      REGIE_DATA_DIR: dataDir,
      PORT: String(port),
      REGIE_INGEST_PORT: String(ingestPort),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      const answer = await fetch(`http://127.0.0.1:${port}${paths.health}`).catch(() => null);
      return answer?.ok ? true : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 250, what: 'the server to answer' },
  );
  return child;
}

async function killServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

async function call<T>(method: string, path: string, token: string | null, body?: object): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      [HEADER_ACCEPT_VERSION]: 'v6',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function indexed(inputId: number): Promise<{ sequence: number; path: string; startedAt: Date }[]> {
  const { rows } = await db.query(
    'select sequence, path, started_at as "startedAt" from live_segments where input_id = $1 order by sequence',
    [inputId],
  );
  return rows;
}

beforeAll(async () => {
  if (!reachable) return;
  await admin(`create database ${database}`);
  [bundle, dataDir, port, ingestPort] = await Promise.all([
    buildWorkerBundle(),
    mkdtemp(join(tmpdir(), 'regie-live-kill-')),
    freePort(),
    freePort(),
  ]);
  server = await startServer();
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
}, 240_000);

afterAll(async () => {
  await Promise.all(publishers.map((publisher) => publisher.stop()));
  await killServer();
  await db?.end().catch(() => undefined);
  if (bundle) await rm(bundle, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (reachable) await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
});

describe.skipIf(!reachable)('a server killed with kill -9 while an input is live', () => {
  it('loses no segment and indexes none twice once it is back and the encoder reconnects', async () => {
    // The demo organiser's live operator makes an input (1 s segments) and points an encoder at it.
    const { accessToken } = await call<{ accessToken: string }>('POST', paths.login, null, {
      username: 'simulcaster',
      password: DEMO_PASSWORD,
    });
    const input = await call<LiveInput>('POST', livePaths.list, accessToken, {
      name: 'Killed mid-live',
      latencyMode: '1s',
    });
    const { streamKey } = await call<{ streamKey: string }>('GET', livePaths.key(input.id), accessToken);
    const url = `rtmp://127.0.0.1:${ingestPort}/live/${streamKey}`;
    const first = publishTestStream(url, 120);
    publishers.push(first);
    await waitFor(async () => ((await indexed(input.id)).length >= 4 ? true : undefined), {
      timeoutMs: 60_000,
      what: 'four segments indexed',
    });

    await killServer();
    await first.exited;
    // The orphaned packager closes its last segment when the ingest goes away, and exits.
    const work = join(dataDir, 'live-work', String(input.id));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const before = await indexed(input.id);
    const leftOver = (await readdir(work))
      .filter((name) => /^\d+\.ts$/.test(name))
      .map((name) => Number.parseInt(name, 10))
      .filter((sequence) => sequence > (before.at(-1)?.sequence ?? -1));

    const restartedAt = Date.now();
    server = await startServer();
    const second = publishTestStream(url, 120);
    publishers.push(second);
    const after = await waitFor(
      async () => {
        const rows = await indexed(input.id);
        return rows.length >= before.length + leftOver.length + 3 ? rows : undefined;
      },
      { timeoutMs: 60_000, what: 'the input to be packaged again' },
    );
    await second.stop();

    const sequences = after.map((row) => row.sequence);
    // One unbroken sequence from the first segment: nothing lost, nothing twice.
    expect(sequences).toEqual(sequences.map((_, index) => index));
    // What the killed run finished but had not indexed is indexed now, with what it recorded
    // (not written over by the next run: recorded before the restart).
    for (const sequence of leftOver) {
      const row = after.find((segment) => segment.sequence === sequence);
      expect(row?.startedAt.getTime(), `segment ${sequence}`).toBeLessThan(restartedAt);
    }
    console.info(`live-kill: ${before.length} indexed before the kill, ${leftOver.length} recovered after it`);
    // In time order, and every one stored.
    for (let index = 1; index < after.length; index += 1) {
      expect(after[index]?.startedAt.getTime()).toBeGreaterThan(after[index - 1]?.startedAt.getTime() ?? 0);
    }
    for (const row of after) expect(existsSync(join(dataDir, 'storage', row.path)), row.path).toBe(true);
  }, 300_000);
});
