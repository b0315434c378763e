// `npm run bench:audit`: the audit trail at size (issue 26), on PostgreSQL, figures printed, never
// asserted. One fresh database per run; the built server from packages/server/dist.
//  (1) a tag update (PUT through the generic resource route, which writes its entry in the same
//      transaction) with auditing ÷ without, aim ≤ 1.2. There is no switch to turn auditing off, and
//      none is added for a bench: "without" is the same server on the same database with a rule
//      `ON INSERT TO audit_entries DO INSTEAD NOTHING`, made and dropped by the bench between rounds.
//      The app still computes the diff and sends the INSERT, so the ratio is the storage cost of an
//      entry (the row, its indexes, its WAL), not the diff's. Rounds alternate the two sides (their
//      order too, on a machine whose speed drifts) and the median ratio is shown, with its spread.
//  (2) the audit screen's list (GET /main-api/audit) over BENCH_AUDIT_ENTRIES entries (5 000 000),
//      filled by set-based SQL (generate_series: four accounts, eight resources, the six actions,
//      the accounts' users, `at` spread over 400 days, ids growing with it), p50/p99 of sequential
//      requests as the platform administrator (every account) and as the club's user manager: the
//      first page, a resource filter, an action filter, a month a year ago, and the page reached by
//      following nextCursor 20 times. Aim p50 ≤ 50 ms.
//  (3) the CSV export (GET /main-api/audit/export) of the club's entries (a fifth of the trail: 1 000 000
//      at full size) read to its end through HTTP, ÷ `COPY (SELECT the same columns and rows) TO
//      STDOUT` through pg-copy-streams in this process (the two alternate, 3 times each, after a COPY
//      not counted that warms the cache; medians), aim ≤ 1.5; and the server's resident memory
//      sampled every 20 ms during the export, against a 50× smaller export (the events account's
//      entries): flat memory means the peak does not grow with the count.
// PG_URL_BASE names the PostgreSQL server (postgres://postgres@127.0.0.1:5432, trust auth).
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { median, percentile, printTable, readCsvExport, setting, signIn, startRegie } from './lib.mjs';

// BENCH_SMOKE=1: 50 000 entries, 5 requests per cell, one round of 1 s per side, one export of each.
const ENTRIES = Number(setting('BENCH_AUDIT_ENTRIES', 5_000_000, 50_000));
const SAMPLES = Number(setting('BENCH_SAMPLES', 100, 5));
const ROUNDS = Number(setting('BENCH_AUDIT_ROUNDS', 7, 1));
const SECONDS = Number(setting('BENCH_SECONDS', 2, 1));
const EXPORT_ROUNDS = Number(setting('BENCH_AUDIT_EXPORTS', 3, 1));
/** Tags the updates go round, so that concurrent PUTs seldom wait on one row's lock. */
const TAGS = 20;
const DEEP_PAGES = 20;
const pgBase = process.env.PG_URL_BASE ?? 'postgres://postgres@127.0.0.1:5432';
const DAY_SECONDS = 86_400;

/**
 * The trail's rows, oldest first (ids grow with `at`). Of every 50 entries: 10 the club's, 1 the
 * events account's, 19 the basketball club's, 18 the platform account's, 2 of no account (failed
 * sign-ins of unknown names). Resources by weight: events 30 %, videos 20 %, tags 15 %, markers
 * 10 %, auth 10 % (sign-in 80 %, sign-out 15 %, failed 5 %), users 8 %, clips 4 %, playlists 3 %;
 * the others' actions: create 25 %, update 70 %, delete 5 %. The user is one of the account's.
 */
const fill = (count) => `
  with accounts_of as (
    select a.id, row_number() over (order by a.id) as n,
           (select array_agg(u.id order by u.id) from users u where u.account_id = a.id) as user_ids
    from accounts a
    where a.name in ('Olympique Riverside FC', 'Summit Live Events', 'Harbour Basketball Club', 'Regie Platform')
  ), named as (
    select
      (select id from accounts where name = 'Olympique Riverside FC') as club,
      (select id from accounts where name = 'Summit Live Events') as events,
      (select id from accounts where name = 'Harbour Basketball Club') as basketball,
      (select id from accounts where name = 'Regie Platform') as platform
  ), drawn as (
    select g,
           abs(hashint8(g::bigint)) % 100 as r,
           abs(hashint8(-g::bigint)) % 100 as a,
           abs(hashint8(g::bigint * 7919)) % 100000 as k,
           case when g % 50 < 10 then named.club when g % 50 = 10 then named.events
                when g % 50 < 30 then named.basketball when g % 50 < 48 then named.platform end as account_id
    from generate_series(1, ${count}) as g, named
  ), shaped as (
    select d.g, d.account_id, d.k,
           case when d.r < 30 then 'events' when d.r < 50 then 'videos' when d.r < 65 then 'tags'
                when d.r < 75 then 'markers' when d.r < 85 then 'auth' when d.r < 93 then 'users'
                when d.r < 97 then 'clips' else 'playlists' end as resource,
           d.a,
           ao.user_ids[1 + d.k % greatest(cardinality(ao.user_ids), 1)] as user_id
    from drawn d left join accounts_of ao on ao.id = d.account_id
  )
  insert into audit_entries (at, user_id, user_name, acting_admin_id, by_platform_admin, account_id, resource,
                             resource_id, action, changes, request_id, ip, user_agent)
  select now() - make_interval(secs => (${count} - g + 60) * ${(399 * DAY_SECONDS) / count}::float8),
         case when account_id is null then null else user_id end,
         case when account_id is null then 'nobody' || k else 'User ' || user_id end,
         null, false, account_id, case when account_id is null then 'auth' else resource end,
         case when resource = 'auth' or account_id is null then user_id else 1 + k % 5000 end,
         case
           when resource = 'auth' or account_id is null then
             case when account_id is null or a >= 95 then 'sign-in-failed' when a < 80 then 'sign-in' else 'sign-out' end
           when a < 25 then 'create' when a < 95 then 'update' else 'delete' end,
         case
           when resource = 'auth' or account_id is null then '{}'::jsonb
           when a < 25 then jsonb_build_object('name', jsonb_build_object('before', null, 'after', 'Name ' || g))
           when a < 95 then jsonb_build_object('name', jsonb_build_object('before', 'Name ' || (g - 1), 'after', 'Name ' || g),
                                               'isPublished', jsonb_build_object('before', false, 'after', true))
           else jsonb_build_object('name', jsonb_build_object('before', 'Name ' || g, 'after', null)) end,
         'req-' || g, '10.1.' || (k % 250) || '.' || (g % 250),
         'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
  from shaped
  order by g`;

/**
 * Fills the trail: its secondary indexes dropped, the rows inserted in one statement, the same
 * indexes made again from their own definitions (pg_indexes), then ANALYZE: much faster than
 * keeping six indexes up to date row by row, and the table ends the same.
 */
async function fillTrail(client, count) {
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes where tablename = 'audit_entries' and indexname <> 'audit_entries_pkey'`,
  );
  for (const { indexname } of indexes) await client.query(`drop index ${indexname}`);
  await client.query(fill(count));
  for (const { indexdef } of indexes) await client.query(indexdef);
  await client.query('vacuum analyze audit_entries');
}

const rssKiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const mib = (kib) => Math.round(kib / 1024);

/** The export read to its end, lines counted, the server's RSS sampled meanwhile (peak, in KiB). */
async function exportOnce(url, headers, query, pid) {
  let peak = rssKiB(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKiB(pid));
  }, 20);
  const started = performance.now();
  try {
    const read = await readCsvExport(`${url}/main-api/audit/export?${query}`, {
      ...headers,
      'accept-encoding': 'identity',
    });
    return { ms: performance.now() - started, ...read, peakKiB: Math.max(peak, rssKiB(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

/** COPY of the same columns and rows, newest first, read to its end in this process. */
async function copyOnce(client, accountId) {
  const statement = `COPY (SELECT id, at, user_id, user_name, acting_admin_id, account_id, resource, resource_id,
    action, changes, request_id, ip, user_agent FROM audit_entries WHERE account_id = ${accountId}
    ORDER BY at DESC, id DESC) TO STDOUT WITH (FORMAT csv, HEADER)`;
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  for await (const chunk of client.query(copyTo(statement))) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  return { ms: performance.now() - started, bytes, rows: lines - 1 };
}

async function latency(url, headers) {
  const times = [];
  let count = 0;
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    count = (await response.json()).data.length;
    times.push(performance.now() - started);
  }
  return { rows: count, 'p50 ms': percentile(times, 50).toFixed(1), 'p99 ms': percentile(times, 99).toFixed(1) };
}

/** (2): the screen's pages for one reader. */
async function listPages(url, reader, headers, clubId) {
  const list = `${url}/main-api/audit?limit=50`;
  const day = 86_400_000;
  const from = new Date(Date.now() - 395 * day).toISOString();
  const to = new Date(Date.now() - 365 * day).toISOString();
  // The page reached by following nextCursor DEEP_PAGES times from the first.
  let page = await (await fetch(list, { headers })).json();
  for (let i = 0; i < DEEP_PAGES && page.nextCursor; i += 1) {
    page = await (await fetch(`${list}&cursor=${encodeURIComponent(page.nextCursor)}`, { headers })).json();
  }
  const deepCursor = page.nextCursor;
  const rows = [];
  for (const [what, query] of [
    ['first page', ''],
    ['resource=videos', '&resource=videos'],
    ['action=delete', '&action=delete'],
    ['a month a year ago (from/to)', `&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`],
    [
      `page ${DEEP_PAGES + 1} (nextCursor ×${DEEP_PAGES})`,
      deepCursor ? `&cursor=${encodeURIComponent(deepCursor)}` : '',
    ],
    ...(reader === 'platform admin' ? [['accountId=club', `&accountId=${clubId}`]] : []),
  ]) {
    rows.push({ reader, page: what, ...(await latency(`${list}${query}`, headers)) });
  }
  return rows;
}

/** (1): PUT a tag, going round TAGS tags with a new name each time, for `seconds`. */
async function updates(url, headers, tagIds, seconds) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    requests: [
      {
        method: 'PUT',
        setupRequest: (request) => {
          n += 1;
          const id = tagIds[n % tagIds.length];
          return {
            ...request,
            path: `/main-api/tags/${id}`,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Bench audit tag ${id} ${n}` }),
          };
        },
      },
    ],
  });
  const bad = result.non2xx + result.errors;
  if (bad > 0) throw new Error(`tag updates: ${bad} failed of ${result.requests.total}`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

const entryCount = async (client) => (await client.query('select count(*)::int as n from audit_entries')).rows[0].n;

async function updateRatio(url, headers, tagIds, client) {
  const auditOff = async (off) =>
    client.query(
      off
        ? 'create rule audit_off as on insert to audit_entries do instead nothing'
        : 'drop rule if exists audit_off on audit_entries',
    );
  // Warm-up, both sides.
  await updates(url, headers, tagIds, 1);
  await auditOff(true);
  await updates(url, headers, tagIds, 1);
  await auditOff(false);
  const samples = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const sides = {};
    for (const off of round % 2 === 0 ? [false, true] : [true, false]) {
      await auditOff(off);
      const before = await entryCount(client);
      const measured = await updates(url, headers, tagIds, SECONDS);
      const written = (await entryCount(client)) - before;
      await auditOff(false);
      // Each side checked: every update wrote its entry, or none did.
      const expected = off ? 0 : measured.total;
      if (off ? written !== 0 : written < expected) {
        throw new Error(`${off ? 'without' : 'with'} auditing: ${written} entries for ${measured.total} updates`);
      }
      sides[off ? 'without' : 'with'] = measured;
    }
    samples.push({ ...sides, ratio: sides.without.rps / sides.with.rps, p50Ratio: sides.with.p50 / sides.without.p50 });
  }
  const byRatio = [...samples].sort((a, b) => a.ratio - b.ratio);
  const middle = byRatio[Math.floor(byRatio.length / 2)];
  return {
    'with: req/s': Math.round(median(samples.map((s) => s.with.rps))),
    'without: req/s': Math.round(median(samples.map((s) => s.without.rps))),
    'with: p50 / p99 ms': `${middle.with.p50} / ${middle.with.p99}`,
    'without: p50 / p99 ms': `${middle.without.p50} / ${middle.without.p99}`,
    'time per update, with ÷ without': middle.ratio.toFixed(3),
    'spread of the rounds': `${byRatio[0].ratio.toFixed(3)}–${byRatio.at(-1).ratio.toFixed(3)}`,
    'p50 with ÷ without': median(samples.map((s) => s.p50Ratio)).toFixed(2),
  };
}

const name = `regie_bench_audit_${Date.now()}_${process.pid}`;
execSync(`psql "${pgBase}/postgres" -qc "create database ${name}"`, { stdio: 'ignore' });
const databaseUrl = `${pgBase}/${name}`;
const client = new pg.Client({ connectionString: databaseUrl });
let server;
try {
  // A first start migrates and seeds; the trail is filled while no server runs.
  await (await startRegie({ databaseUrl })).stop();
  await client.connect();
  const fillStarted = performance.now();
  await fillTrail(client, ENTRIES);
  const fillSeconds = ((performance.now() - fillStarted) / 1000).toFixed(0);
  const accountIdOf = async (accountName) =>
    (await client.query('select id from accounts where name = $1', [accountName])).rows[0].id;
  const clubId = await accountIdOf('Olympique Riverside FC');
  const eventsId = await accountIdOf('Summit Live Events');
  const total = await entryCount(client);
  const countOf = async (accountId) =>
    (await client.query('select count(*)::int as n from audit_entries where account_id = $1', [accountId])).rows[0].n;

  server = await startRegie({ databaseUrl });
  const bearer = async (username) => ({
    authorization: `Bearer ${await signIn(server.url, username)}`,
    'accept-version': 'v6',
  });
  const admin = await bearer('admin');
  const manager = await bearer('usermanager');
  const producer = await bearer('producer');

  // (3) first, on a server that has done nothing else yet: its memory before is its resting size.
  const exportRows = [];
  for (const [accountId, label] of [
    [eventsId, 'events account'],
    [clubId, 'club'],
  ]) {
    const expected = await countOf(accountId);
    const restingKiB = rssKiB(server.pid);
    // A COPY first, not counted, so that neither side reads the rows from disk; then the two
    // alternate, EXPORT_ROUNDS times each, and each side's median time is compared.
    await copyOnce(client, accountId);
    const exports = [];
    const copies = [];
    for (let round = 0; round < EXPORT_ROUNDS; round += 1) {
      const exported = await exportOnce(server.url, admin, `accountId=${accountId}`, server.pid);
      if (exported.rows !== expected) throw new Error(`the export gave ${exported.rows} rows, expected ${expected}`);
      const copied = await copyOnce(client, accountId);
      if (copied.rows !== expected) throw new Error(`COPY gave ${copied.rows} rows, expected ${expected}`);
      exports.push(exported);
      copies.push(copied);
    }
    const exportMs = median(exports.map((one) => one.ms));
    const copyMs = median(copies.map((one) => one.ms));
    exportRows.push({
      entries: `${expected} (${label})`,
      'export ms': Math.round(exportMs),
      'COPY ms': Math.round(copyMs),
      'export ÷ COPY': (exportMs / copyMs).toFixed(2),
      'export MiB': (exports[0].bytes / 2 ** 20).toFixed(1),
      'COPY MiB': (copies[0].bytes / 2 ** 20).toFixed(1),
      'RSS before MiB': mib(restingKiB),
      'peak RSS during MiB': mib(Math.max(...exports.map((one) => one.peakKiB))),
    });
  }

  // (2)
  const lists = [
    ...(await listPages(server.url, 'platform admin', admin, clubId)),
    ...(await listPages(server.url, 'club user manager', manager, clubId)),
  ];

  // (1)
  const tagIds = [];
  for (let i = 0; i < TAGS; i += 1) {
    const response = await fetch(`${server.url}/main-api/tags`, {
      method: 'POST',
      headers: { ...producer, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench audit tag ${i}`, tagType: 'other' }),
    });
    if (!response.ok) throw new Error(`tag: ${response.status} ${await response.text()}`);
    tagIds.push((await response.json()).id);
  }
  const update = await updateRatio(server.url, producer, tagIds, client);

  console.log(
    `\n(1) PUT of a tag (10 connections, ${TAGS} tags, ${ROUNDS} rounds of ${SECONDS} s a side, over ${total} entries). ` +
      '"Without": a rule makes the INSERT into audit_entries do nothing; the diff is still computed and the ' +
      'INSERT still sent, so the ratio is the cost of storing the entry. Aim ≤ 1.2.',
  );
  printTable([update]);
  console.log(
    `\n(2) GET /main-api/audit, 50 a page, ${SAMPLES} sequential requests a cell, over ${total} entries ` +
      `(filled in ${fillSeconds} s). Aim p50 ≤ 50 ms.`,
  );
  printTable(lists);
  console.log(
    `\n(3) GET /main-api/audit/export (CSV streamed) ÷ COPY of the same rows (median of ${EXPORT_ROUNDS} each, ` +
      "alternated); the server's RSS sampled every 20 ms. Aim ≤ 1.5, flat.",
  );
  printTable(exportRows);
} finally {
  await server?.stop();
  await client.end().catch(() => {});
  execSync(`psql "${pgBase}/postgres" -qc "drop database if exists ${name} with (force)"`);
}
