// `npm run bench:resources`: a list endpoint over 100 000 rows of one table (tags of one account).
// p50/p99 latency of the first, middle and last page by offset and by keyset cursor, and the list
// endpoint's throughput as a ratio to a bare Fastify route measured in the same run; on PGlite
// and (when reachable) on PostgreSQL.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { printTable, setting, startBaseline, startRegie, throughput } from './lib.mjs';

// BENCH_SMOKE=1: 1 000 rows, 5 requests per cell, 1 s of throughput.
const ROWS = Number(setting('BENCH_ROWS', 100_000, 1_000));
const SAMPLES = Number(setting('BENCH_SAMPLES', 100, 5));
const SECONDS = Number(setting('BENCH_SECONDS', 5, 1));
const LIMIT = 25;
const pgBase = process.env.PG_URL_BASE ?? 'postgres://postgres@127.0.0.1:5432';

const FILL = `
  insert into tags (account_id, name, tag_type, created_at, updated_at)
  select (select account_id from users where username = 'producer'),
         'Bench tag ' || lpad(g::text, 7, '0'), 'other', now(), now()
  from generate_series(1, ${ROWS}) as g;
  analyze tags;`;

async function login(url) {
  const response = await fetch(`${url}/users-service-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'producer', password: 'regie-demo' }),
  });
  return (await response.json()).accessToken;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function latency(url, headers) {
  const times = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50).toFixed(1), p99: percentile(times, 99).toFixed(1) };
}

async function measure(label, server, baselineRps) {
  const token = await login(server.url);
  const headers = { authorization: `Bearer ${token}`, 'accept-version': 'v6' };
  const list = `${server.url}/main-api/tags?sort=name&limit=${LIMIT}`;
  const first = await (await fetch(list, { headers })).json();
  if (first.total < ROWS) throw new Error(`expected ${ROWS} rows, the list says ${first.total}`);
  const middleOffset = Math.floor(first.total / 2);
  const lastOffset = first.total - LIMIT;
  // The cursor that leads to a page is the nextCursor of the page before it.
  const cursorBefore = async (offset) =>
    (await (await fetch(`${list}&offset=${offset - LIMIT}`, { headers })).json()).nextCursor;
  const pages = [
    ['first', `${list}&offset=0`, `${list}`],
    [
      'middle',
      `${list}&offset=${middleOffset}`,
      `${list}&after=${encodeURIComponent(await cursorBefore(middleOffset))}`,
    ],
    ['last', `${list}&offset=${lastOffset}`, `${list}&after=${encodeURIComponent(await cursorBefore(lastOffset))}`],
  ];
  const rows = [];
  for (const [page, byOffset, byKeyset] of pages) {
    const offset = await latency(byOffset, headers);
    const keyset = await latency(byKeyset, headers);
    rows.push({
      database: label,
      page,
      'offset p50 ms': offset.p50,
      'offset p99 ms': offset.p99,
      'keyset p50 ms': keyset.p50,
      'keyset p99 ms': keyset.p99,
    });
  }
  const rps = (await throughput({ url: `${list}&offset=0`, headers }, SECONDS)).rps;
  return {
    rows,
    throughput: {
      database: label,
      'list req/s': Math.round(rps),
      'ratio to bare fastify': (rps / baselineRps).toFixed(3),
    },
  };
}

const baseline = await startBaseline();
const base = await throughput({ url: `${baseline.url}/` }, SECONDS);
await baseline.stop();

const latencies = [];
const throughputs = [
  { database: 'bare fastify route', 'list req/s': Math.round(base.rps), 'ratio to bare fastify': '1.000' },
];

// PGlite belongs to one process: let the server create and seed the folder, stop it, fill the
// table directly, then start the server again on the same folder.
const dataDir = mkdtempSync(join(tmpdir(), 'regie-bench-resources-'));
await (await startRegie({ dataDir })).stop({ keepData: true });
const embedded = new PGlite(join(dataDir, 'db'));
await embedded.exec(FILL);
await embedded.close();
const pglite = await startRegie({ dataDir });
const pgliteResult = await measure('PGlite', pglite, base.rps);
await pglite.stop();
rmSync(dataDir, { recursive: true, force: true });
latencies.push(...pgliteResult.rows);
throughputs.push(pgliteResult.throughput);

const name = `regie_bench_${Date.now()}_${process.pid}`;
let reachable = true;
try {
  execSync(`psql "${pgBase}/postgres" -qc "create database ${name}"`, { stdio: 'ignore' });
} catch {
  reachable = false;
  console.log(`PostgreSQL at ${pgBase} not reachable: skipped`);
}
if (reachable) {
  const databaseUrl = `${pgBase}/${name}`;
  await (await startRegie({ databaseUrl })).stop();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(FILL);
  await client.end();
  const server = await startRegie({ databaseUrl });
  const result = await measure('PostgreSQL', server, base.rps);
  await server.stop();
  execSync(`psql "${pgBase}/postgres" -qc "drop database if exists ${name} with (force)"`);
  latencies.push(...result.rows);
  throughputs.push(result.throughput);
}

console.log(`\nList of ${ROWS} tags, ${LIMIT} per page, ${SAMPLES} sequential requests per cell`);
printTable(latencies);
printTable(throughputs);
