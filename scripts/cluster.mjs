// `npm run cluster`: Regie as several processes on this machine, behind nginx (issue 27), to see
// the parts work together and survive one of them dying. On this machine's PostgreSQL (a database
// `regie_cluster`, made when missing) and Redis (when it answers), with a local S3 (s3rver) for
// the files, it starts 2 API processes, 2 job workers and 2 live nodes, then nginx in front:
// http://localhost:3100 for browsers and the API, rtmp://127.0.0.1:1935/live for encoders.
// Ctrl-C stops everything. A process that dies is reported, not restarted. Once all answer, the
// roles, pids and ports of the processes are written to <dir>/processes.json (the kill -9 suite,
// scripts/cluster-kill.test.mjs, reads it).
//   npm run cluster                          the cluster above (builds first what is stale)
//   npm run cluster -- --fresh               a new database and new files first (demo data again)
//   npm run cluster -- --api 1 --workers 1 --live 1 --http-port 3200 --rtmp-port 19400
//        --ingest-port 19401 --dir data/cluster-b --database regie_cluster_b     other sizes and places
// PG_URL_BASE (postgres://postgres@127.0.0.1:5432) and REDIS_URL (redis://127.0.0.1:6379) say
// where the servers are. The nginx configuration is deploy/nginx/regie.conf, filled in.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { build, root, staleTargets } from './build-state.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const { values: options } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    api: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    live: { type: 'string', default: '2' },
    'http-port': { type: 'string', default: '3100' },
    'rtmp-port': { type: 'string', default: '1935' },
    'ingest-port': { type: 'string', default: '19351' },
    dir: { type: 'string', default: 'data/cluster' },
    database: { type: 'string', default: 'regie_cluster' },
  },
});
const count = (name, min) => {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < min || value > 9) {
    console.error(`--${name} takes a whole number from ${min} to 9`);
    process.exit(2);
  }
  return value;
};
const sizes = { api: count('api', 1), worker: count('workers', 0), live: count('live', 0) };
const httpPort = Number(options['http-port']);
const rtmpPort = Number(options['rtmp-port']);
const ingestPort = Number(options['ingest-port']);
if (!/^[a-z_][a-z0-9_]*$/.test(options.database)) {
  console.error('--database takes a plain PostgreSQL name (lower case letters, digits and _)');
  process.exit(2);
}
const dir = resolve(root, options.dir);
const pgBase = (process.env.PG_URL_BASE ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const say = (line) => console.log(`[cluster] ${line}`);

// ffmpeg encodes and packages (workers, live nodes); nginx balances: installed or explained first.
ensureSystemPackages(['ffmpeg', 'nginx']);
const stale = staleTargets();
const built = await build({
  server: stale.includes('@regie/server'),
  web: stale.includes('@regie/web'),
  template: false,
});
if (built !== 0) process.exit(built);

// Imported once the packages are known to be installed (npm ci), from the workspace's own.
const { default: pg } = await import('pg');
const { default: S3rver } = await import('s3rver');

/** Makes the cluster's database unless it exists; --fresh drops it first. */
async function prepareDatabase() {
  const client = new pg.Client({ connectionString: `${pgBase}/postgres`, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    console.error(
      `PostgreSQL does not answer at ${pgBase} (${error.message}): start it, or set PG_URL_BASE to a server where this user may create databases.`,
    );
    process.exit(1);
  }
  try {
    if (options.fresh) await client.query(`drop database if exists ${options.database} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [options.database]);
    if (found.rowCount === 0) {
      await client.query(`create database ${options.database}`);
      say(`database ${options.database} made: the first API process seeds the demo data`);
    }
  } finally {
    await client.end();
  }
  return `${pgBase}/${options.database}`;
}

/** Whether a Redis server answers PING at this URL. */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port) || 6379 });
    const finish = (answer) => {
      socket.destroy();
      done(answer);
    };
    socket.setTimeout(2000, () => finish(false));
    socket.on('error', () => finish(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    // A server with a password answers -NOAUTH: there, but REDIS_URL must carry the password.
    socket.on('data', (data) => finish(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

/** REDIS_URL when set (it must answer), else the local Redis when it answers, else none. */
async function chooseRedis() {
  const wanted = process.env.REDIS_URL;
  if (wanted) {
    if (await redisAnswers(wanted)) return wanted;
    console.error(`Redis does not answer at REDIS_URL=${wanted}: start it, or unset REDIS_URL.`);
    process.exit(1);
  }
  const local = 'redis://127.0.0.1:6379';
  if (await redisAnswers(local)) return local;
  say('no Redis at 127.0.0.1:6379: the processes share events through PostgreSQL LISTEN/NOTIFY');
  return null;
}

/** One secret for every process: playback URLs signed by one API process open on the others. */
function mediaSecret() {
  const file = join(dir, 'media-secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

if (options.fresh) {
  for (const name of ['s3', 'processes', 'nginx']) rmSync(join(dir, name), { recursive: true, force: true });
}
mkdirSync(dir, { recursive: true });
const databaseUrl = await prepareDatabase();
const redisUrl = await chooseRedis();

// The files (images, videos, recordings) every process reads and writes: a local S3.
const bucket = 'regie';
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: join(dir, 's3'),
  configureBuckets: [{ name: bucket, configs: [] }],
});
const s3Address = await s3.run();
const s3Endpoint = `http://127.0.0.1:${s3Address.port}`;

const shared = {
  DATABASE_URL: databaseUrl,
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  REGIE_S3_BUCKET: bucket,
  REGIE_S3_ENDPOINT: s3Endpoint,
  REGIE_S3_REGION: 'us-east-1',
  // s3rver's fixed credentials.
  REGIE_S3_ACCESS_KEY_ID: 'S3RVER',
  REGIE_S3_SECRET_ACCESS_KEY: 'S3RVER',
  REGIE_S3_FORCE_PATH_STYLE: 'true',
  REGIE_MEDIA_SECRET: mediaSecret(),
  // What encoders are told: nginx's RTMP port, which passes them to a live node.
  REGIE_INGEST_PUBLIC_URL: `rtmp://127.0.0.1:${rtmpPort}/live`,
  REGIE_TRUST_PROXY: 'true',
  HOST: '127.0.0.1',
  // A cluster on one machine: its benches and tests push simulcast targets to sinks on it.
  REGIE_SIMULCAST_ALLOW_HOSTS: '127.0.0.1',
};

/** Each process as if on its own machine: its own data folder (work files, HLS of live inputs). */
const processes = [
  ...Array.from({ length: sizes.api }, (_, index) => ({
    name: `api-${index + 1}`,
    role: 'api',
    entry: 'main.js',
    port: httpPort + 1 + index,
    env: { REGIE_ROLES: 'api', PORT: String(httpPort + 1 + index) },
  })),
  ...Array.from({ length: sizes.worker }, (_, index) => ({
    name: `worker-${index + 1}`,
    role: 'worker',
    entry: 'worker.js',
    port: httpPort + 21 + index,
    env: { REGIE_METRICS_PORT: String(httpPort + 21 + index) },
  })),
  ...Array.from({ length: sizes.live }, (_, index) => ({
    name: `live-${index + 1}`,
    role: 'live',
    entry: 'main.js',
    port: httpPort + 11 + index,
    ingestPort: ingestPort + index,
    env: {
      REGIE_ROLES: 'live',
      REGIE_METRICS_PORT: String(httpPort + 11 + index),
      REGIE_INGEST_HOST: '127.0.0.1',
      REGIE_INGEST_PORT: String(ingestPort + index),
    },
  })),
];

let stopping = false;
/** Children still running, by name. */
const running = new Map();

/** Writes a child's lines with its name in front. */
function relay(name, stream, out) {
  createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
}

function startChild(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  relay(name, child.stdout, process.stdout);
  relay(name, child.stderr, process.stderr);
  running.set(name, child);
  child.on('exit', (code, signal) => {
    running.delete(name);
    if (!stopping) {
      say(
        `${name} ended unexpectedly (${signal ? `signal ${signal}` : `exit ${code}`}): not restarted, the others go on`,
      );
    }
    if (stopping && running.size === 0) finish();
  });
  return child;
}

function startProcess(spec) {
  const dataDir = join(dir, 'processes', spec.name);
  mkdirSync(dataDir, { recursive: true });
  const env = { ...process.env, ...shared, ...spec.env, REGIE_DATA_DIR: dataDir };
  // Not inherited from the calling shell: the cluster chooses these.
  if (!redisUrl) delete env.REDIS_URL;
  return startChild(
    spec.name,
    process.execPath,
    ['--enable-source-maps', join(root, 'packages/server/dist', spec.entry)],
    env,
  );
}

/** Waits until GET url answers 200, the child lives and the time allows. */
async function waitReady(name, child, url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} ended while starting`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

const nginxDir = join(dir, 'nginx');
const nginxConf = join(nginxDir, 'nginx.conf');
const streamModule = '/usr/lib/nginx/modules/ngx_stream_module.so';

/** deploy/nginx/regie.conf with this cluster's processes filled in. */
function writeNginxConfig() {
  mkdirSync(join(nginxDir, 'temp'), { recursive: true });
  const server = (port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`;
  const fields = {
    load_modules: existsSync(streamModule) ? `load_module ${streamModule};` : '',
    // Started as root, nginx runs its workers as `nobody`, who may not write request bodies into
    // this folder (an upload's parts answered nginx's 500): they run as the cluster's own user.
    user: process.getuid?.() === 0 ? 'user root;' : '',
    prefix: nginxDir,
    api_servers: processes
      .filter((spec) => spec.role === 'api')
      .map((spec) => server(spec.port))
      .join('\n    '),
    http_listen: String(httpPort),
    // No live node: nothing takes RTMP, and nginx wants at least one server (a closed port).
    live_servers:
      processes
        .filter((spec) => spec.ingestPort)
        .map((spec) => server(spec.ingestPort))
        .join('\n    ') || `${server(ingestPort)} # no live node`,
    rtmp_listen: String(rtmpPort),
  };
  const template = readFileSync(join(root, 'deploy/nginx/regie.conf'), 'utf8');
  // Its comments name the fields too: only the directives are filled in.
  const text = template
    .split('\n')
    .map((line) =>
      line.trimStart().startsWith('#') ? line : line.replace(/\{\{(\w+)\}\}/g, (_, name) => fields[name]),
    )
    .join('\n');
  writeFileSync(nginxConf, `# Made by scripts/cluster.mjs from deploy/nginx/regie.conf: edits are lost.\n${text}`);
}

let finished = false;
function finish() {
  if (finished) return;
  finished = true;
  s3.close().then(
    () => process.exit(process.exitCode ?? 0),
    () => process.exit(1),
  );
}

/** SIGTERM to every process, SIGQUIT to nginx (`nginx -s quit`); kill -9 whatever lasts 15 s. */
function stop(reason) {
  if (stopping) return;
  stopping = true;
  say(`${reason}: stopping ${[...running.keys()].join(', ') || 'nothing'}`);
  for (const [name, child] of running) child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  if (running.size === 0) finish();
  setTimeout(() => {
    for (const [name, child] of running) {
      say(`${name} still running after 15 s: kill -9`);
      process.exitCode = 1;
      child.kill('SIGKILL');
    }
  }, 15_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));

/**
 * <dir>/processes.json: what runs where, for tools and tests that watch or kill one process (a
 * process's lease holder name, cluster/node-id.ts, holds its pid). Written once every process
 * answers; a process that dies later stays listed (it is not restarted).
 */
function writeProcessList(nginx) {
  const list = {
    http: `http://127.0.0.1:${httpPort}`,
    rtmp: `rtmp://127.0.0.1:${rtmpPort}/live`,
    database: databaseUrl,
    redis: redisUrl,
    s3: { endpoint: s3Endpoint, bucket },
    processes: [
      ...processes.map((spec) => ({
        name: spec.name,
        role: spec.role,
        pid: running.get(spec.name)?.pid ?? null,
        // The API port, or the probes' and metrics' port of a worker or a live node.
        port: spec.port,
        ...(spec.ingestPort ? { ingestPort: spec.ingestPort } : {}),
      })),
      { name: 'nginx', role: 'nginx', pid: nginx.pid, port: httpPort, rtmpPort },
    ],
  };
  writeFileSync(join(dir, 'processes.json'), `${JSON.stringify(list, null, 2)}\n`);
}

/** Lines like the server's seeding table prints, read from the contract (a TypeScript source). */
function demoLogins() {
  const source = readFileSync(join(root, 'packages/contract/src/demo.ts'), 'utf8');
  const password = source.match(/DEMO_PASSWORD = '([^']+)'/)?.[1];
  const users = [...source.matchAll(/username: '([^']+)'/g)].map((match) => match[1]);
  return `Demo users: ${users.join(', ')} (password: ${password})`;
}

try {
  const [first, ...others] = processes;
  say(`starting ${first.name} (migrates the database, seeds the demo data when it is empty)…`);
  await waitReady(first.name, startProcess(first), `http://127.0.0.1:${first.port}/readyz`);
  if (stopping) throw new Error('stopped');
  say(`starting ${others.map((spec) => spec.name).join(', ')}…`);
  await Promise.all(
    others.map((spec) => waitReady(spec.name, startProcess(spec), `http://127.0.0.1:${spec.port}/readyz`)),
  );
  if (stopping) throw new Error('stopped');
  writeNginxConfig();
  const nginx = startChild(
    'nginx',
    'nginx',
    ['-p', nginxDir, '-e', join(nginxDir, 'error.log'), '-c', nginxConf, '-g', 'daemon off;'],
    process.env,
  );
  await waitReady('nginx', nginx, `http://127.0.0.1:${httpPort}/readyz`, 20_000);
  writeProcessList(nginx);
  say(`Regie cluster on http://localhost:${httpPort} (nginx ${nginxConf})`);
  say(
    `  ${processes.map((spec) => `${spec.name} :${spec.port}${spec.ingestPort ? ` (RTMP :${spec.ingestPort})` : ''}`).join(', ')}`,
  );
  say(`  encoders publish to rtmp://127.0.0.1:${rtmpPort}/live/<stream key>; files in S3 at ${s3Endpoint}/${bucket}`);
  say(`  ${demoLogins()}`);
  say(`  processes, pids and ports in ${join(dir, 'processes.json')}; Ctrl-C stops everything`);
} catch (error) {
  if (!stopping) {
    console.error(`[cluster] ${error.message}: stopping`);
    process.exitCode = 1;
    stop('start failed');
  }
}
