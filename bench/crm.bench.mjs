// `npm run bench:crm`: the fans CRM at size, on PostgreSQL. For each population (BENCH_FANS,
// default 100 000 and 1 000 000 fans in the crm demo user's account):
// - GET fans/export (CSV streamed) against `psql COPY (SELECT the same columns …) TO STDOUT` of the
//   same rows, as a ratio (aim ≤ 1.5);
// - the server's peak RSS (VmHWM) after the export, to see that it stays flat with the count;
// - fans list p50/p99: first page, a keyset page in the middle, a search, a tag filter.
import { execFileSync, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { percentile, printTable, readCsvExport, setting, startRegie } from './lib.mjs';

// BENCH_SMOKE=1: the smallest population only, 5 requests per cell.
const SIZES = String(setting('BENCH_FANS', '100000,1000000', '100000'))
  .split(',')
  .map(Number);
const SAMPLES = Number(setting('BENCH_SAMPLES', 100, 5));
const pgBase = process.env.PG_URL_BASE ?? 'postgres://postgres@127.0.0.1:5432';
const COLUMNS = `id, email, nickname, first_name, last_name, country, language, is_blocked, created_at, last_active_at`;

const fill = (count) => `
  insert into fans (account_id, email, password_hash, nickname, first_name, last_name, country, language,
                    created_at, last_active_at)
  select a.account_id, 'bench.' || g || '@fans.bench', 'not-a-hash', 'bench' || g, 'Bench', 'Fan ' || g,
         'FR', 'en', now() - make_interval(days => g % 700), now() - make_interval(days => g % 90)
  from generate_series(1, ${count}) as g, (select account_id from users where username = 'crm') as a;
  insert into fan_tags (fan_id, tag_id)
  select f.id, t.id from fans f
  join tags t on t.account_id = f.account_id and t.name = 'Newsletter'
  where f.email like 'bench.%' and f.id % 7 = 0
  on conflict do nothing;
  analyze fans; analyze fan_tags;`;

/** Peak resident memory of a process, in MiB (Linux). */
function peakRssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

async function login(url) {
  const response = await fetch(`${url}/users-service-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'crm', password: 'regie-demo' }),
  });
  if (!response.ok) throw new Error(`login: ${response.status}`);
  return (await response.json()).accessToken;
}

async function exportOnce(url, headers, encoding) {
  const started = performance.now();
  const read = await readCsvExport(`${url}/main-api/fans/export`, { ...headers, 'accept-encoding': encoding });
  return { ms: performance.now() - started, ...read };
}

function copyOnce(databaseUrl, accountId) {
  const started = performance.now();
  const query = `COPY (SELECT ${COLUMNS} FROM fans WHERE account_id = ${accountId} ORDER BY id DESC) TO STDOUT WITH (FORMAT csv, HEADER)`;
  const out = execFileSync('psql', [databaseUrl, '-qAtc', query], { maxBuffer: 2 ** 31 - 1 });
  return { ms: performance.now() - started, bytes: out.length };
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
  return { p50: percentile(times, 50).toFixed(1), p99: percentile(times, 99).toFixed(1) };
}

async function measureSize(count, exports, lists) {
  const name = `regie_bench_crm_${Date.now()}_${process.pid}`;
  execSync(`psql "${pgBase}/postgres" -qc "create database ${name}"`, { stdio: 'ignore' });
  const databaseUrl = `${pgBase}/${name}`;
  try {
    await (await startRegie({ databaseUrl })).stop();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(fill(count));
    const { rows } = await client.query(`select account_id from users where username = 'crm'`);
    const accountId = rows[0].account_id;
    const total = (await client.query('select count(*)::int as n from fans where account_id = $1', [accountId])).rows[0]
      .n;
    const tagId = (await client.query(`select id from tags where account_id = $1 and name = 'Newsletter'`, [accountId]))
      .rows[0].id;
    await client.end();

    const server = await startRegie({ databaseUrl });
    try {
      const headers = { authorization: `Bearer ${await login(server.url)}`, 'accept-version': 'v6' };
      const rssBefore = peakRssMiB(server.pid);
      const copy = copyOnce(databaseUrl, accountId);
      const exported = await exportOnce(server.url, headers, 'identity');
      if (exported.rows !== total) throw new Error(`export gave ${exported.rows} rows, expected ${total}`);
      // What a browser asks for: brotli (fetch decodes it; the bytes counted are the decoded ones).
      const compressed = await exportOnce(server.url, headers, 'br');
      exports.push({
        fans: total,
        'export ms': Math.round(exported.ms),
        'COPY ms': Math.round(copy.ms),
        'ratio export / COPY': (exported.ms / copy.ms).toFixed(2),
        'export ms (br)': Math.round(compressed.ms),
        'export MiB': (exported.bytes / 2 ** 20).toFixed(1),
        'peak RSS before MiB': rssBefore,
        'peak RSS after export MiB': peakRssMiB(server.pid),
      });
      const list = `${server.url}/main-api/fans?limit=50`;
      const first = await (await fetch(list, { headers })).json();
      const middle = first.data[0].id - Math.floor(total / 2);
      for (const [page, url] of [
        ['first page', list],
        ['keyset, middle', `${list}&after=${middle}`],
        ['search', `${list}&search=bench.4242@`],
        ['tag filter', `${list}&tagId=${tagId}`],
      ]) {
        lists.push({ fans: total, page, ...(await latency(url, headers)) });
      }
    } finally {
      await server.stop();
    }
  } finally {
    execSync(`psql "${pgBase}/postgres" -qc "drop database if exists ${name} with (force)"`);
  }
}

const exports = [];
const lists = [];
for (const count of SIZES) await measureSize(count, exports, lists);
console.log('\nFans export (streamed CSV) against psql COPY of the same columns, on PostgreSQL');
printTable(exports);
console.log(`\nFans list, 50 per page, ${SAMPLES} sequential requests per cell (ms)`);
printTable(lists);
