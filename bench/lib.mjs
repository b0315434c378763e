// Helpers shared by the benchmarks: start servers as child processes, wait for them, measure.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * BENCH_SMOKE=1: the short mode (one round, the smallest sizes) that `npm run bench:smoke` and CI
 * run to check that every bench still runs to its end and prints its tables; its figures are no
 * measures and nothing is asserted on them.
 */
export const SMOKE = !['', '0', 'false'].includes(process.env.BENCH_SMOKE ?? '');

/** A bench's setting: the environment variable `name` when set, else `full`, or `smoke` in the short mode. */
export function setting(name, full, smoke) {
  const given = process.env[name];
  if (given !== undefined && given !== '') return given;
  return SMOKE ? smoke : full;
}

/**
 * The benches' one "idle": no job due in the account (`GET jobs?due=true`, the server's
 * definition of work in hand, the dashboard's too), so a job scheduled for later (a live clip's
 * replaced copy removed an hour on) does not keep a bench waiting. `api` is an apiClient.
 */
export async function jobsDue(api) {
  return (await api('GET', '/main-api/jobs?due=true&limit=1')).length > 0;
}

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

/** The server bundle's folder: packages/server/dist, or the one REGIE_SERVER_DIST names under packages/server. */
export const serverDist = () => join(root, 'packages/server', process.env.REGIE_SERVER_DIST ?? 'dist');

/**
 * Starts the built Regie server (its in-process worker included) on a fresh data folder (PGlite)
 * or the given PostgreSQL URL; `dist` is the bundle's folder (default packages/server/dist); `env`
 * adds to its environment (REGIE_INGEST_PORT, …).
 */
export async function startRegie({
  databaseUrl,
  dataDir: givenDataDir,
  dist = join(root, 'packages/server/dist'),
  env: extraEnv = {},
} = {}) {
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(join(tmpdir(), 'regie-bench-'));
  // No demo videos: their making and encoding kept every fresh server busy for a minute (40 s of
  // each short run's wait for idle); the benches make their own media.
  const env = {
    ...process.env,
    PORT: String(port),
    REGIE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    REGIE_DEMO_VIDEOS: 'off',
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_DEBUG=1: its log (LOG_LEVEL warn unless set) shown.
  const child = spawn(process.execPath, [join(dist, 'main.js')], {
    env,
    stdio: ['ignore', process.env.BENCH_DEBUG ? 'inherit' : 'ignore', 'inherit'],
  });
  // A first start on a fresh folder (initdb, migrations, demo data) on a loaded machine (CI is
  // about 4× slower than a quiet one) may take minutes; a server that never answers is stopped.
  const starting = Date.now();
  try {
    await waitFor(`http://127.0.0.1:${port}/api/health`, 300_000);
    if (process.env.BENCH_TRACE) {
      console.error(
        `(server ready in ${((Date.now() - starting) / 1000).toFixed(1)} s, ${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
      );
    }
  } catch (error) {
    child.kill('SIGKILL');
    if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    /** Stops the server (again: nothing); its data folder goes unless it was given or keepData. */
    async stop({ keepData = Boolean(givenDataDir) } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a binary (ffmpeg, ffprobe) to its end; answers its stdout when `capture`. */
export function runTool(binary, args, { capture = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', capture ? 'pipe' : 'ignore', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${binary} exited ${code}: ${stderr}`)),
    );
  });
}

export async function timed(action) {
  const started = performance.now();
  const result = await action();
  return { ms: performance.now() - started, result };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The server's own modules (argument builders, contract constants), bundled from its TypeScript
 * source with esbuild into `work`, then imported: `exports` are lines such as
 * "export { cutArgs } from './src/media/cut.args.ts';" (paths from packages/server).
 */
export async function serverModules(work, exports) {
  const { build } = await import('esbuild');
  const outfile = join(work, 'server-modules.mjs');
  await build({
    stdin: { contents: exports.join('\n'), resolveDir: join(root, 'packages/server'), loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
    // Some modules pull in CommonJS packages that require Node's own modules.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return import(outfile);
}

/** A demo user's access token (password regie-demo). */
export async function signIn(url, username) {
  const response = await fetch(`${url}/users-service-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'regie-demo' }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status}`);
  return (await response.json()).accessToken;
}

/**
 * Opens acting for an account with a platform administrator's token (issue 26: another account's
 * x-account-key is refused without it), with `reason`; ends the session's acting for any other
 * account. Answers the account's key, for `apiClient`'s x-account-key.
 */
export async function actFor(url, token, accountId, reason = 'Benchmark') {
  const response = await fetch(`${url}/users-service-api/users/me/acting`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-version': 'v6', 'content-type': 'application/json' },
    body: JSON.stringify({ accountId, reason }),
  });
  if (response.status !== 201) throw new Error(`acting for ${accountId}: ${response.status} ${await response.text()}`);
  return (await response.json()).accountKey;
}

/**
 * `api(method, path, body?)`: the JSON answer, or throws with the status and body. `headers` go
 * with every call (x-account-key for an admin acting for an account, once `actFor` opened it).
 */
export function apiClient(url, token, extraHeaders = {}) {
  const headers = { authorization: `Bearer ${token}`, 'accept-version': 'v6', ...extraHeaders };
  return async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/**
 * Polls `check` until it answers something truthy (answered). Every poll costs the server CPU
 * that ffmpeg would use (2 cores here): `intervalMs` keeps them few.
 */
export async function until(check, what, { timeoutMs = 10 * 60_000, intervalMs = 250 } = {}) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
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
  return measureOnce(options, seconds);
}

/**
 * A call's throughput against the bare route's, on a machine whose speed drifts from second to
 * second (a shared 2-core VM here: the same bare route measures 20k or 36k req/s a minute
 * apart). After a warm-up of each, `rounds` short rounds alternate the bare route and the call;
 * each round's ratio compares two figures taken a second apart, and the median ratio is the
 * answer, with the spread of the rounds' ratios.
 */
export async function interleavedRatio(baseOptions, options, { rounds = 9, seconds = 1 } = {}) {
  await throughput(baseOptions, seconds);
  await throughput(options, seconds);
  const samples = [];
  for (let round = 0; round < rounds; round += 1) {
    const base = await measureOnce(baseOptions, seconds);
    const call = await measureOnce(options, seconds);
    samples.push({ base: base.rps, call: call.rps, ratio: call.rps / base.rps, p50: call.p50, p99: call.p99 });
  }
  const byRatio = [...samples].sort((a, b) => a.ratio - b.ratio);
  const middle = byRatio[Math.floor(byRatio.length / 2)];
  return {
    ratio: middle.ratio,
    rps: median(samples.map((sample) => sample.call)),
    baseRps: median(samples.map((sample) => sample.base)),
    p50: middle.p50,
    p99: middle.p99,
    spread: [byRatio[0].ratio, byRatio[byRatio.length - 1].ratio],
  };
}

async function measureOnce(options, seconds) {
  const result = await autocannon({ ...options, duration: seconds, connections: 10 });
  const bad = result.non2xx + result.errors;
  if (bad > 0) {
    // Say what failed: the statuses other than 2xx and the connection errors, by kind.
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${count} × HTTP ${code}`);
    const errors = result.errors > 0 ? [`${result.errors} connection errors (${result.timeouts} timeouts)`] : [];
    throw new Error(
      `${options.url}: ${bad} failed requests of ${result.requests.total}: ${[...statuses, ...errors].join(', ')}`,
    );
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export function printTable(rows) {
  if (SMOKE) console.log('(BENCH_SMOKE: one round, smallest sizes; these figures are no measure)');
  console.table(rows);
}

/** CPU seconds used so far by a process and every process it started (ffmpeg under a worker). */
export function treeCpuSeconds(rootPid) {
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
  while (quiet < 3) {
    if (Date.now() - started > timeoutMs) throw new Error(`the server was still busy after ${timeoutMs} ms`);
    // Only the second between two polls is measured: the poll itself (a signed-in call) costs the
    // server a few hundredths of a second, which would otherwise read as 'busy' forever.
    const before = treeCpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = treeCpuSeconds(pid) - before < 0.05 && !(await busy());
    quiet = idle ? quiet + 1 : 0;
  }
  return (Date.now() - started) / 1000;
}

/** A CSV export read to its end: its bytes and lines counted as they stream (the header line excluded from rows). */
export async function readCsvExport(address, headers) {
  const response = await fetch(address, { headers });
  if (!response.ok) throw new Error(`export: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  return { bytes, rows: lines - 1 };
}

/**
 * The API's resumable upload of `file`: the session, its parts `concurrency` at a time (a Bearer
 * `token`, as a browser sends them), the completion; answers the completion (`{ video, job }`).
 */
export async function uploadFile(api, url, token, file, { concurrency = 1 } = {}) {
  const { size } = await stat(file);
  const session = await api('POST', '/main-api/videos/upload/url-multipart', {
    filename: basename(file),
    size,
    contentType: file.endsWith('.mp4') ? 'video/mp4' : 'application/octet-stream',
  });
  const handle = await open(file);
  try {
    let next = 0;
    const worker = async () => {
      while (next < session.parts.length) {
        const part = session.parts[next];
        next += 1;
        const data = Buffer.alloc(part.size);
        await handle.read(data, 0, part.size, (part.partNumber - 1) * session.partSize);
        const response = await fetch(`${url}${part.url}`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${token}`,
            'accept-version': 'v6',
            'content-type': 'application/octet-stream',
          },
          body: data,
        });
        if (!response.ok) throw new Error(`part ${part.partNumber}: ${response.status} ${await response.text()}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await handle.close();
  }
  return api('POST', '/main-api/videos/upload/complete-multipart', { uploadId: session.uploadId });
}
