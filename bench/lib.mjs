// Helpers shared by the benchmarks: start servers as child processes, wait for them, measure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort() {
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
