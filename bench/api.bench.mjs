// `npm run bench:api`: throughput of the signed-in calls as a ratio to a bare Fastify route
// measured in the same run, on PGlite and (when reachable) on PostgreSQL. Each server is measured
// only once it is idle (no job running, e.g. the demo video's encode on a fresh data folder).
// Each call alternates with the bare route in short rounds (BENCH_ROUNDS of BENCH_SECONDS each,
// default 9 × 1 s) and its ratio is the median of the rounds' ratios (lib.mjs interleavedRatio):
// on a machine whose speed drifts, each ratio compares two figures taken a second apart.
import { execSync } from 'node:child_process';
import {
  apiClient,
  interleavedRatio,
  jobsDue,
  printTable,
  setting,
  startBaseline,
  startRegie,
  waitUntilIdle,
} from './lib.mjs';

// BENCH_SMOKE=1: one round per call.
const rounds = Number(setting('BENCH_ROUNDS', 9, 1));
const seconds = Number(setting('BENCH_SECONDS', 1, 1));
const pgBase = process.env.PG_URL_BASE ?? 'postgres://postgres@127.0.0.1:5432';
const dbPrefix = process.env.BENCH_DB_PREFIX ?? 'regie_bench';
const LIST_ROWS = 50;
const VERSION = { 'accept-version': 'v6' };

function createPgDatabase() {
  const name = `${dbPrefix}_${Date.now()}_${process.pid}`;
  try {
    execSync(`psql "${pgBase}/postgres" -qc "create database ${name}"`, { stdio: 'ignore' });
    return {
      url: `${pgBase}/${name}`,
      drop: () => execSync(`psql "${pgBase}/postgres" -qc "drop database if exists ${name} with (force)"`),
    };
  } catch {
    return null;
  }
}

async function login(url, username = 'admin') {
  const response = await fetch(`${url}/users-service-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'regie-demo' }),
  });
  const body = await response.json();
  if (!body.accessToken) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** The list measured: the producer's account gets LIST_ROWS tags of its own. */
async function seedTags(url, token) {
  for (let n = 0; n < LIST_ROWS; n += 1) {
    const response = await fetch(`${url}/main-api/tags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...VERSION },
      body: JSON.stringify({ name: `bench tag ${n}` }),
    });
    if (!response.ok) throw new Error(`tag not created: ${response.status} ${await response.text()}`);
  }
}

async function measure(label, regie, baselineUrl) {
  const editor = await login(regie.url, 'editor');
  // The demo account (the editor's, which owns the demo video) has no job due.
  const waited = await waitUntilIdle(regie.pid, () => jobsDue(apiClient(regie.url, editor)));
  console.log(`${label}: waited ${waited.toFixed(0)} s for the server to be idle (no job due)`);
  const token = await login(regie.url);
  const producer = await login(regie.url, 'producer');
  await seedTags(regie.url, producer);
  const auth = { authorization: `Bearer ${token}`, ...VERSION };
  const cases = {
    login: {
      url: `${regie.url}/users-service-api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'producer', password: 'regie-demo' }),
    },
    // Reads only the contract and the request's context: authentication and tenancy, nothing else.
    'auth + tenancy (users/me/context)': { url: `${regie.url}/users-service-api/users/me/context`, headers: auth },
    'users/me': { url: `${regie.url}/users-service-api/users/me`, headers: auth },
    'admin-payload': { url: `${regie.url}/main-api/common/admin-payload`, headers: auth },
    [`list of ${LIST_ROWS} tags`]: {
      url: `${regie.url}/main-api/tags?limit=${LIST_ROWS}`,
      headers: { authorization: `Bearer ${producer}`, ...VERSION },
    },
  };
  const rows = [];
  for (const [name, options] of Object.entries(cases)) {
    const result = await interleavedRatio({ url: `${baselineUrl}/` }, options, { rounds, seconds });
    rows.push({
      database: label,
      call: name,
      'req/s': Math.round(result.rps),
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      'bare route req/s': Math.round(result.baseRps),
      'ratio to bare fastify': result.ratio.toFixed(3),
      'rounds min–max': result.spread.map((ratio) => ratio.toFixed(2)).join('–'),
    });
  }
  return rows;
}

const baseline = await startBaseline();
const rows = [];

const pglite = await startRegie();
rows.push(...(await measure('PGlite', pglite, baseline.url)));
await pglite.stop();

const pg = createPgDatabase();
if (pg) {
  const server = await startRegie({ databaseUrl: pg.url });
  rows.push(...(await measure('PostgreSQL', server, baseline.url)));
  await server.stop();
  pg.drop();
} else {
  console.log(`PostgreSQL at ${pgBase} not reachable: skipped`);
}
await baseline.stop();
printTable(rows);
