// A local cluster (scripts/cluster.mjs) started from a test or a bench, on a PostgreSQL server and a
// Redis of its own: the kill -9 suite (cluster-kill.test.mjs) stops and starts its PostgreSQL, and
// neither may touch what other tests use on this machine (the server at 5432, the Redis at 6379,
// whose pub/sub channels every process on it would share).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { root, staleTargets } from './build-state.mjs';
import { executableExists } from './system-packages.mjs';

const execFileAsync = promisify(execFile);

/** A TCP port free on loopback now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it answers a value (not undefined, null or false), or fails after timeoutMs. */
export async function until(check, what, { timeoutMs = 30_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The folder of PostgreSQL's initdb and pg_ctl (on PATH, else Debian's /usr/lib/postgresql/<version>/bin), or null. */
export function postgresBinaries() {
  for (const folder of (process.env.PATH ?? '').split(':')) {
    if (folder && existsSync(join(folder, 'initdb')) && existsSync(join(folder, 'pg_ctl'))) return folder;
  }
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian)
    .filter((name) => existsSync(join(debian, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(debian, versions[0], 'bin') : null;
}

/** Why a cluster cannot start here, or null. Builds nothing: a test must not run a build. */
export function clusterMissing() {
  if (!executableExists('nginx')) return 'nginx is not installed (node scripts/system-packages.mjs nginx)';
  if (process.platform === 'linux' && !existsSync('/usr/lib/nginx/modules/ngx_stream_module.so')) {
    return "nginx's stream module is not installed (libnginx-mod-stream)";
  }
  if (!executableExists('ffmpeg')) return 'ffmpeg is not installed';
  if (staleTargets().length > 0) return 'the server or the web app is not built (npm run build)';
  if (!postgresBinaries()) return "PostgreSQL's initdb and pg_ctl are not installed";
  if (process.getuid?.() === 0 && !postgresUser()) return 'running as root with no postgres user to run initdb as';
  return null;
}

/** initdb refuses root: as root, PostgreSQL's own user runs it (and the server). */
function postgresUser() {
  try {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL server of its own (initdb in a temporary folder, trust on loopback, fsync off) on a
 * free port: `url` is the PG_URL_BASE to give the cluster; `stop()` and `start()` (the outage),
 * `remove()` at the end.
 */
export async function startPrivatePostgres() {
  const bin = postgresBinaries();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUser() : null;
  const folder = mkdtempSync(join(tmpdir(), 'regie-pg-'));
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const data = join(folder, 'data');
  const port = await freePort();
  // Asynchronous: a test's calls go on while PostgreSQL stops and starts.
  const run = (tool, args) =>
    execFileAsync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      { cwd: folder },
    );
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const start = () => run('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-o', options, '-w', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    port,
    /** A fast shutdown, as a restart or a failover cuts every connection. */
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    async remove() {
      // Already stopped: nothing to do.
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A Redis of its own on a free port (no persistence), or null when redis-server is not installed. */
export async function startPrivateRedis() {
  if (!executableExists('redis-server')) return null;
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  await until(
    () =>
      new Promise((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      }),
    'the private Redis',
    { timeoutMs: 10_000 },
  );
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/**
 * How a process was started: its command line, environment and folder, read from /proc (Linux),
 * or null where they cannot be read.
 */
function launchOf(pid) {
  try {
    const fields = (file) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean);
    const [command, ...args] = fields('cmdline');
    const env = Object.fromEntries(
      fields('environ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    return { command, args, env, cwd: readlinkSync(`/proc/${pid}/cwd`) };
  } catch {
    return null;
  }
}

/**
 * `npm run cluster` in a folder of its own, without the demo videos (their encodes would take the
 * CPU), on the given PostgreSQL and Redis. Resolves once it printed its address, with the process
 * list it wrote (processes.json), its output lines, restart(name) and stop() (SIGTERM, as Ctrl-C).
 */
export async function startCluster({
  api = 2,
  workers = 2,
  live = 2,
  httpPort,
  rtmpPort,
  ingestPort,
  pgBase,
  redisUrl,
  env = {},
  timeoutMs = 240_000,
}) {
  const dir = mkdtempSync(join(tmpdir(), 'regie-cluster-'));
  const database = 'regie_cluster';
  const child = spawn(
    process.execPath,
    [
      join(root, 'scripts/cluster.mjs'),
      '--fresh',
      ...['--api', String(api), '--workers', String(workers), '--live', String(live)],
      ...['--http-port', String(httpPort), '--rtmp-port', String(rtmpPort), '--ingest-port', String(ingestPort)],
      ...['--dir', dir, '--database', database],
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PG_URL_BASE: pgBase,
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
        REGIE_DEMO_VIDEOS: 'off',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines = [];
  const keep = (line) => {
    lines.push(line);
    if (lines.length > 5_000) lines.splice(0, 1_000);
  };
  const ended = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      keep(line);
      if (line.startsWith('[cluster] Regie cluster on ')) resolve();
    });
    child.on('close', () => reject(new Error(`the cluster ended while starting:\n${lines.slice(-40).join('\n')}`)));
  });
  createInterface({ input: child.stderr }).on('line', keep);
  const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
  try {
    await ready;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const list = JSON.parse(readFileSync(join(dir, 'processes.json'), 'utf8'));
  // The cluster does not restart a process that died: restart() starts it again as it was started.
  const launches = new Map(
    list.processes.filter((entry) => entry.role !== 'nginx').map((entry) => [entry.name, launchOf(entry.pid)]),
  );
  /** Processes restarted here (children of this process, not of the cluster's script), to their exit. */
  const restarted = new Map();
  let stopping = false;
  return {
    dir,
    database,
    list,
    lines,
    ended,
    /** The listed processes of a role, in order (api-1, api-2, …). */
    role: (role) => list.processes.filter((entry) => entry.role === role),
    /**
     * Starts a dead process again (same command, environment and folder, so the same port) and
     * resolves once its /readyz answers 200, with its new list entry (which replaces the old one
     * in `list`). Its lines join `lines` under its name; when it dies, a line says so, as the
     * cluster's script says it of its own processes.
     */
    async restart(name, { timeoutMs = 120_000 } = {}) {
      const entry = list.processes.find((each) => each.name === name);
      const launch = launches.get(name);
      if (!entry || !launch) throw new Error(`${name}: not a process this cluster can start again`);
      if (alive(entry.pid) && !zombie(entry.pid)) throw new Error(`${name} (pid ${entry.pid}) still runs`);
      const started = spawn(launch.command, launch.args, {
        cwd: launch.cwd,
        env: launch.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [started.stdout, started.stderr]) {
        createInterface({ input: stream }).on('line', (line) => keep(`[${name}] ${line}`));
      }
      let exit = null;
      const exited = new Promise((resolve) =>
        started.on('exit', (code, signal) => {
          exit = signal ? `signal ${signal}` : `exit ${code}`;
          if (!stopping) keep(`[cluster] ${name} (started again by the test) ended unexpectedly (${exit})`);
          resolve();
        }),
      );
      restarted.set(started, exited);
      await until(
        async () => {
          if (exit) throw new Error(`${name} ended while starting again (${exit}):\n${lines.slice(-20).join('\n')}`);
          const response = await fetch(`http://127.0.0.1:${entry.port}/readyz`, {
            signal: AbortSignal.timeout(2_000),
          }).catch(() => null);
          return response?.ok;
        },
        `${name} started again to be ready`,
        { timeoutMs, intervalMs: 250 },
      );
      const fresh = { ...entry, pid: started.pid };
      list.processes.splice(list.processes.indexOf(entry), 1, fresh);
      return fresh;
    },
    async stop() {
      stopping = true;
      // SIGTERM, as the cluster's script stops its own; kill -9 what lasts 15 s.
      for (const started of restarted.keys()) started.kill('SIGTERM');
      const late = setTimeout(() => {
        for (const started of restarted.keys()) started.kill('SIGKILL');
      }, 15_000);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const result = await ended;
      await Promise.all(restarted.values());
      clearTimeout(late);
      rmSync(dir, { recursive: true, force: true });
      return result;
    },
  };
}

/** Whether a process lives (kill -0). */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** kill -9, then waits until the process is gone. */
export async function killNine(pid) {
  process.kill(pid, 'SIGKILL');
  await until(() => !alive(pid) || zombie(pid), `process ${pid} to die`, { timeoutMs: 10_000, intervalMs: 20 });
}

/** A child that died but was not reaped yet (its parent, the cluster script, reaps it soon). */
function zombie(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** The value of one sample of a process's GET /metrics (Prometheus text), or undefined. */
export async function metric(port, name, labels = {}, token = process.env.REGIE_METRICS_TOKEN) {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`metrics of :${port}: ${response.status}`);
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of (await response.text()).split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

/** A lease holder's pid: holders are `<host>:<pid>:<random>` (packages/server/src/cluster/node-id.ts). */
export function holderPid(holder) {
  const pid = Number(holder?.split(':').at(-2));
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** The frame rate of startEncoder's stream (its keyframes come every ENCODER_FPS frames, a second). */
export const ENCODER_FPS = 25;

/**
 * An encoder: ffmpeg publishing a generated stream (testsrc + tone, H.264/AAC, a keyframe a
 * second, real time) to an RTMP URL, started again half a second after its connection drops, as
 * encoders reconnect.
 */
export function startEncoder(url) {
  let wanted = true;
  let connections = 0;
  /** When each ffmpeg was started (Date.now()): the first, then each reconnection. */
  const launches = [];
  let current = null;
  const launch = () => {
    connections += 1;
    launches.push(Date.now());
    current = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', `testsrc=size=320x180:rate=${ENCODER_FPS}`, '-f', 'lavfi', '-i', 'sine=frequency=440'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(ENCODER_FPS)],
        ...['-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url],
      ],
      { stdio: 'ignore' },
    );
    current.once('exit', () => {
      if (wanted) setTimeout(() => wanted && launch(), 500);
    });
  };
  launch();
  return {
    connections: () => connections,
    launchedAt: () => launches.slice(),
    stop() {
      wanted = false;
      current?.kill('SIGKILL');
    },
  };
}

/**
 * A platform's RTMP ingest (node-media-server in its own process, its store in `folder`) that
 * counts its publishers: `publishes()` how many came, `mostAtOnce()` the most connected at once.
 */
export async function startSink(folder) {
  const port = await freePort();
  const script = `
    const NodeMediaServer = require('node-media-server');
    const server = new NodeMediaServer({ bind: '127.0.0.1', rtmp: { port: ${port} }, store: { path: ${JSON.stringify(folder)} } });
    server.on('postPublish', (session) => console.log('publish ' + session.id));
    server.on('donePublish', (session) => console.log('done ' + session.id));
    server.run();`;
  // From the repository, where node-media-server is installed.
  const child = spawn(process.execPath, ['-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
  let publishes = 0;
  let now = 0;
  let most = 0;
  let listening = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.includes('Rtmp Server listening')) listening = true;
    if (line.startsWith('publish ')) {
      publishes += 1;
      now += 1;
      most = Math.max(most, now);
    }
    if (line.startsWith('done ')) now -= 1;
  });
  await until(() => listening, 'the sink to listen', { timeoutMs: 10_000 });
  return {
    port,
    publishes: () => publishes,
    mostAtOnce: () => most,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * An input's index (its live_segments rows) in sequence order, each with the token of the input
 * lease it was written under: a segment is stored at live/<account>/<input>/<lease token>/<n>.ts
 * (packages/server/src/live/live.state.ts segmentKey), so the node that took an input over wrote
 * the segments of a newer token.
 */
export async function indexedSegments(db, inputId) {
  const { rows } = await db.query(
    `select sequence, started_at as "startedAt", duration, discontinuity, path from live_segments
      where input_id = $1 order by sequence`,
    [inputId],
  );
  return rows.map((row) => ({ ...row, leaseToken: Number(row.path.split('/').at(-2)) }));
}

/**
 * An HLS media playlist read as a player reads it: its #EXT-X-MEDIA-SEQUENCE, whether it ends
 * (#EXT-X-ENDLIST), and its segments in order, each with its URI, its #EXTINF duration, its
 * #EXT-X-PROGRAM-DATE-TIME (ms, or null) and whether an #EXT-X-DISCONTINUITY comes before it.
 */
export function readMediaPlaylist(text) {
  const playlist = { mediaSequence: null, ended: false, segments: [] };
  const fresh = () => ({ duration: null, programDateTime: null, discontinuity: false });
  let next = fresh();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) playlist.mediaSequence = Number(line.slice(22));
    else if (line === '#EXT-X-ENDLIST') playlist.ended = true;
    else if (line === '#EXT-X-DISCONTINUITY') next.discontinuity = true;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) next.programDateTime = Date.parse(line.slice(25));
    else if (line.startsWith('#EXTINF:')) next.duration = Number.parseFloat(line.slice(8));
    else if (line !== '' && !line.startsWith('#')) {
      playlist.segments.push({ uri: line, ...next });
      next = fresh();
    }
  }
  return playlist;
}
