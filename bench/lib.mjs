// Helpers shared by the benchmarks: start servers as child processes, wait for them, measure.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = fileURLToPath(new URL('..', import.meta.url));

// BENCH_PORT_BASE=3302: ports are taken from there up, for a machine whose ports are shared out.
let nextPort = Number(process.env.BENCH_PORT_BASE ?? 0);

export function freePort() {
  if (nextPort > 0) return Promise.resolve(nextPort++);
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return Date.now() - started;
    } catch {}
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts the built Regie server on a fresh data folder (PGlite) or the given PostgreSQL URL. */
export async function startRegie({ databaseUrl, dataDir: givenDataDir } = {}) {
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'regie-bench-'));
  const env = { ...process.env, PORT: String(port), REGIE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop({ keepData = Boolean(givenDataDir) } = {}) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts a bare Fastify app with one JSON route: the baseline every ratio is measured against. */
export async function startBaseline() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'bench/baseline-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: join(root, 'packages/server'),
  });
  await waitFor(`http://127.0.0.1:${port}/`);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Requests per second for one request shape, after a short warm-up. */
export async function throughput(options, seconds = 5) {
  await autocannon({ ...options, duration: 1, connections: 10 });
  const result = await autocannon({ ...options, duration: seconds, connections: 10 });
  const bad = result.non2xx + result.errors;
  if (bad > 0) throw new Error(`${options.url}: ${bad} failed requests of ${result.requests.total}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export function printTable(rows) {
  console.table(rows);
}

/** CPU seconds used so far by a process and every process it started (ffmpeg under a worker). */
function treeCpuSeconds(rootPid) {
  const ticksPerSecond = 100;
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      // Fields after the command name (which may hold spaces): state, ppid, …, utime (14), stime (15).
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) });
    } catch {}
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { ppid }] of stats) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of tree) ticks += stats.get(pid)?.cpu ?? 0;
  return ticks / ticksPerSecond;
}

/**
 * Waits until the server is idle: no job waiting or running (`busy()` answers that) and its
 * process tree below 5% of a core for 3 seconds in a row, so that start-up work (the demo
 * video's ffmpeg encode on a fresh data folder) is not measured with the calls. Returns the
 * seconds waited.
 */
export async function waitUntilIdle(pid, busy = async () => false, timeoutMs = 300_000) {
  const started = Date.now();
  let quiet = 0;
  let before = treeCpuSeconds(pid);
  while (quiet < 3) {
    if (Date.now() - started > timeoutMs) throw new Error(`the server was still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = treeCpuSeconds(pid);
    const idle = now - before < 0.05 && !(await busy());
    before = now;
    quiet = idle ? quiet + 1 : 0;
  }
  return (Date.now() - started) / 1000;
}
