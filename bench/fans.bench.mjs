// `npm run bench:fans`: the fan side at match-night scale (issue 28), on one API process (PGlite),
// as ratios to a bare Fastify route measured in the same run (lib.mjs interleavedRatio):
//   - the embed page's data, its chat read, and a live input's live.m3u8 and dvr.m3u8 (aim: each
//     ≥ 0.6 of the bare route);
//   - chat fan-out: FANS connected to one chat's event stream (Server-Sent Events) on the one
//     process, a message posted, the time until each fan has it (aim: p99 ≤ 1 s at 5 000 fans);
//   - fan sign-in (argon2id): sign-ins per second, and per CPU second of the server;
//   - on PostgreSQL (skipped when it is not reachable), CROWD fans written straight into the
//     database with a session each: every one votes for the man of the match at once (0 lost, 0
//     counted twice, p99 latency), then every one's player reports its plays (stored in
//     batches), timed against COPY of as many rows.
// BENCH_SMOKE=1: one round per call, the smallest sizes.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import {
  apiClient,
  interleavedRatio,
  percentile,
  printTable,
  setting,
  signIn,
  startBaseline,
  startRegie,
  treeCpuSeconds,
  until,
} from './lib.mjs';

const rounds = Number(setting('BENCH_ROUNDS', 9, 1));
const seconds = Number(setting('BENCH_SECONDS', 1, 1));
/** The demo's replay of the club's last match: its embed page is what a crowd opens. */
const DEMO_REPLAY = 'Riverside vs Harbour City';
/** The demo's next match: its chat is on, for the fan-out. */
const DEMO_NEXT_MATCH = 'Northbridge United vs Riverside';
const FANS = Number(setting('BENCH_FANS', 5000, 200));
const CROWD = Number(setting('BENCH_CROWD', 20000, 500));
/** Plays in one fan's report (FAN_PLAYS_PER_BATCH, packages/contract/src/fans.ts). */
const PLAYS_PER_REPORT = 20;
const pgBase = process.env.PG_URL_BASE ?? 'postgres://postgres@127.0.0.1:5432';

/** The path and query of a URL the server gives (absolute when a public URL is configured). */
const local = (url) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

/** The embed page of a demo event (the replay by default): its token (the last part of the page's URL). */
async function demoEmbedToken(regie, name = DEMO_REPLAY) {
  const api = apiClient(regie.url, await signIn(regie.url, 'producer'));
  const found = await api('GET', `/main-api/events?search=${encodeURIComponent(name)}`);
  const event = found.data[0];
  if (!event) throw new Error(`the demo event "${name}" is missing`);
  // Shown to fans once published (the demo's next match is not yet).
  if (!event.published) await api('PUT', `/main-api/events/${event.id}`, { published: true });
  const { url } = await api('GET', `/main-api/events/${event.id}/embed`);
  return url.split('/').pop();
}

/**
 * A live input of the organiser's account with a few seconds pushed into it (ffmpeg's test
 * source at 320×180), so that its playlists list segments; answers its playlist URLs.
 */
async function pushedInput(regie) {
  const api = apiClient(regie.url, await signIn(regie.url, 'simulcaster'));
  const input = await api('POST', '/main-api/streams', { name: `Bench ${Date.now()}`, latencyMode: '1s' });
  const { streamKey } = await api('GET', `/main-api/streams/${input.id}/key`);
  const pushSeconds = 6;
  const encoder = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(pushSeconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-c:a', 'aac'],
      ...['-f', 'flv', `${input.ingestUrl}/${streamKey}`],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await new Promise((resolve, reject) => {
    encoder.once('error', reject);
    encoder.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  const dvr = local(input.playback.dvrUrl);
  await until(
    async () => {
      const text = await (await fetch(`${regie.url}${dvr}`)).text();
      return text.includes('#EXT-X-ENDLIST') && (text.match(/^\d+\.ts/gm) ?? []).length >= 3;
    },
    'the pushed segments listed and the input ended',
    { timeoutMs: 60_000 },
  );
  return { live: local(input.playback.liveUrl), dvr };
}

/**
 * `count` fans following one chat's stream (one connection each, as EventSource would), then one
 * message posted: how long each fan waited for it, from the post.
 */
async function chatFanOut(regie, token, count) {
  const url = new URL(`/main-api/embed/${token}/chat/stream`, regie.url);
  const fans = [];
  const text = `Goal! ${Date.now()}`;
  let postedAt = 0;
  const received = [];
  const open = () =>
    new Promise((resolve, reject) => {
      const request = httpRequest(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        let buffer = '';
        let ready = false;
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          if (!ready && buffer.includes('retry:')) {
            ready = true;
            resolve();
          }
          if (buffer.includes(text)) {
            received.push(performance.now() - postedAt);
            buffer = '';
            response.destroy();
          } else if (buffer.length > 4096) buffer = buffer.slice(-1024);
        });
        response.on('error', () => undefined);
      });
      request.on('error', reject);
      request.end();
      fans.push(request);
    });
  // Connected a hundred at a time, as a crowd arrives.
  for (let first = 0; first < count; first += 100) {
    await Promise.all(Array.from({ length: Math.min(100, count - first) }, open));
  }
  // The fan's viewer token (signed by the server) before the clock starts: the post carries it.
  const viewer = await fetch(`${regie.url}/main-api/embed/${token}/chat/viewer`, { method: 'POST' });
  if (viewer.status !== 201) throw new Error(`viewer token: ${viewer.status} ${await viewer.text()}`);
  const { viewerToken } = await viewer.json();
  postedAt = performance.now();
  const response = await fetch(`${regie.url}/main-api/embed/${token}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-chat-viewer': viewerToken },
    body: JSON.stringify({ nickname: 'Bench', text }),
  });
  if (response.status !== 201) throw new Error(`post: ${response.status} ${await response.text()}`);
  await until(() => received.length >= count, `the message delivered to ${count} fans`, {
    timeoutMs: 60_000,
    intervalMs: 20,
  }).catch((error) => {
    console.log(`${received.length} of ${count} fans got the message`);
    throw error;
  });
  for (const request of fans) request.destroy();
  return { p50: percentile(received, 50), p99: percentile(received, 99), max: Math.max(...received) };
}

/** A fan of the club signed up and confirmed (the code read in the local outbox, as an admin): their email. */
async function confirmedFan(regie) {
  const login = await fetch(`${regie.url}/users-service-api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'producer', password: 'regie-demo' }),
  });
  const { accountKey } = await login.json();
  const email = `bench.${Date.now()}@fans.example`;
  const fanCall = (path, body) =>
    fetch(`${regie.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-account-key': accountKey },
      body: JSON.stringify(body),
    });
  const signup = await fanCall('/api/fan/signup', { email, password: 'bench-password', nickname: 'Bench' });
  if (signup.status !== 202) throw new Error(`sign-up: ${signup.status} ${await signup.text()}`);
  const admin = apiClient(regie.url, await signIn(regie.url, 'admin'));
  const outbox = await admin('GET', `/main-api/admin-tools/mail-outbox?to=${encodeURIComponent(email)}`);
  const code = /fanc_[\w-]+/.exec(JSON.stringify(outbox))?.[0];
  if (!code) throw new Error(`no confirmation code mailed to ${email}`);
  const confirmed = await fanCall('/api/fan/confirm', { token: code });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`);
  return { email, accountKey, body: JSON.stringify({ email, password: 'bench-password' }) };
}

/** Sign-ins of one fan for `seconds` (successes count toward no limit): per second and per CPU second. */
async function signInRate(regie, seconds) {
  const fan = await confirmedFan(regie);
  const { default: autocannon } = await import('autocannon');
  const cpuBefore = treeCpuSeconds(regie.pid);
  const result = await autocannon({
    url: `${regie.url}/api/fan/signin`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-account-key': fan.accountKey },
    body: fan.body,
    duration: seconds,
    connections: 8,
  });
  const cpu = treeCpuSeconds(regie.pid) - cpuBefore;
  const bad = result.non2xx + result.errors;
  if (bad > 0) throw new Error(`sign-in: ${bad} failed of ${result.requests.total}`);
  return {
    perSecond: result.requests.total / seconds,
    perCpuSecond: result.requests.total / cpu,
    p99: result.latency.p99,
  };
}

const psql = (url, sql) => {
  const ran = spawnSync('psql', [url, '-qAtX', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
  if (ran.status !== 0) throw new Error(`psql: ${ran.stderr}`);
  return ran.stdout.trim();
};

/**
 * `count` requests of a crowd, `connections` at a time, sent by autocannon (a client much lighter
 * than fetch: with fetch the bench's own client was the limit at about 2 000 requests a second);
 * `body(index)` and the fan of each request from its index, each index sent once. Answers the
 * statuses counted, the latency percentiles and the seconds it took.
 */
async function crowdBurst(url, path, fanIds, body, connections = 100) {
  const { default: autocannon } = await import('autocannon');
  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url: `${url}${path}`,
    amount: fanIds.length,
    connections,
    timeout: 60,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const index = next++;
          return {
            ...request,
            headers: { authorization: `Bearer fan_bench_${fanIds[index]}`, 'content-type': 'application/json' },
            body: JSON.stringify(body(index)),
          };
        },
      },
    ],
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  return {
    statuses,
    errors: result.errors,
    sent: next,
    p50: result.latency.p50,
    p99: result.latency.p99,
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * The crowd on PostgreSQL: CROWD fans of the club written with SQL, each with a session token of
 * its own (`fan_bench_<n>`, stored hashed as the server hashes them); the demo match moved so
 * that its MOTM voting is open; then every fan votes at once, then every fan's player reports its plays.
 */
async function crowdOnPostgres() {
  const name = `regie_bench_fans_${Date.now()}_${process.pid}`;
  try {
    execSync(`psql "${pgBase}/postgres" -qc "create database ${name}"`, { stdio: 'ignore' });
  } catch {
    console.log(`PostgreSQL at ${pgBase} not reachable: the crowd's votes and plays skipped`);
    return [];
  }
  const url = `${pgBase}/${name}`;
  const regie = await startRegie({ databaseUrl: url, env: { REGIE_INGEST_PORT: '0' } });
  try {
    const club = psql(url, `select id from accounts where name = 'Olympique Riverside FC'`);
    const match = psql(url, `select id from events where account_id = ${club} and name = '${DEMO_REPLAY}'`);
    psql(
      url,
      `update events set starts_at = now() - interval '130 minutes', ends_at = now() - interval '10 minutes' where id = ${match};
       insert into fans (account_id, email, password_hash, nickname, confirmed_at)
         select ${club}, 'crowd.' || g || '@fans.example', 'x', 'Crowd ' || g, now() from generate_series(1, ${CROWD}) g;
       insert into fan_sessions (token_hash, fan_id, account_id, expires_at)
         select encode(sha256(convert_to('fan_bench_' || f.id, 'UTF8')), 'hex'), f.id, f.account_id, now() + interval '1 day'
           from fans f where f.email like 'crowd.%@fans.example';`,
    );
    const fanIds = psql(url, `select id from fans where email like 'crowd.%@fans.example' order by id`)
      .split('\n')
      .map(Number);
    const call = (fanId, method, path, body) =>
      fetch(`${regie.url}${path}`, {
        method,
        headers: { authorization: `Bearer fan_bench_${fanId}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const game = await (await call(fanIds[0], 'GET', `/api/fan/events/${match}/motm`)).json();
    if (!game.open) throw new Error(`the demo match's MOTM voting is not open: ${JSON.stringify(game)}`);
    const candidates = game.candidates.map((candidate) => candidate.challengerId ?? candidate.id);
    const votesBefore = Number(psql(url, `select count(*) from motm_votes where game_id = ${game.id}`));
    const votes = await crowdBurst(regie.url, `/api/fan/motm/${game.id}/vote`, fanIds, (index) => ({
      challengerId: candidates[index % candidates.length],
    }));
    const accepted = votes.statuses['201'] ?? 0;
    const stored = Number(psql(url, `select count(*) from motm_votes where game_id = ${game.id}`)) - votesBefore;
    const twice = Number(
      psql(
        url,
        `select count(*) from (select fan_id from motm_votes where game_id = ${game.id} group by fan_id having count(*) > 1) d`,
      ),
    );
    const rows = [
      {
        call: `MOTM votes of ${CROWD} fans at once`,
        'req/s': Math.round(CROWD / votes.seconds),
        'p50 ms': votes.p50,
        'p99 ms': votes.p99,
        result: `${accepted} accepted (${JSON.stringify(votes.statuses)}, ${votes.errors} errors), ${stored} stored, ${CROWD - stored} lost, ${twice} counted twice`,
        aim: `${CROWD} in 10 s, 0 lost, 0 twice`,
      },
    ];

    // Plays: each fan's player reports what it played since its last report (PLAYS_PER_REPORT,
    // the most one report may hold: FAN_PLAYS_PER_BATCH in packages/contract/src/fans.ts); the
    // server stores them in batches (one statement a second, or per 500 waiting).
    const played = CROWD * PLAYS_PER_REPORT;
    const playsBefore = Number(psql(url, `select count(*) from fan_activities where type = 'play'`));
    const started = performance.now();
    const report = { plays: Array.from({ length: PLAYS_PER_REPORT }, () => ({ eventId: Number(match) })) };
    const plays = await crowdBurst(regie.url, '/api/fan/plays/batch', fanIds, () => report);
    if ((plays.statuses['201'] ?? 0) !== CROWD) {
      throw new Error(`plays: ${JSON.stringify(plays.statuses)}, ${plays.errors} errors`);
    }
    await until(
      () => Number(psql(url, `select count(*) from fan_activities where type = 'play'`)) - playsBefore >= played,
      'every play stored',
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    const storedSeconds = (performance.now() - started) / 1000;
    // The same rows by COPY, the database's fastest way in.
    const copyStarted = performance.now();
    psql(
      url,
      `copy fan_activities (fan_id, account_id, type, event_id) from program 'seq 1 ${played} | sed "s/.*/${fanIds[0]}\t${club}\tplay\t${match}/"'`,
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    rows.push({
      call: `${played} plays reported by ${CROWD} fans (${PLAYS_PER_REPORT} a report), stored in batches`,
      'req/s': Math.round(CROWD / plays.seconds),
      'p99 ms': plays.p99,
      result: `${Math.round(played / storedSeconds)} stored/s; COPY of as many rows ${copySeconds.toFixed(2)} s; ratio ${(storedSeconds / copySeconds).toFixed(1)}`,
      aim: '≥ 10 000 stored/s, ratio ≤ 2',
    });
    return rows;
  } finally {
    await regie.stop();
    execSync(`psql "${pgBase}/postgres" -qc "drop database if exists ${name} with (force)"`, { stdio: 'ignore' });
  }
}

const baseline = await startBaseline();
const regie = await startRegie({ env: { REGIE_INGEST_PORT: '0' } });
const rows = [];
try {
  const token = await demoEmbedToken(regie);
  const input = await pushedInput(regie);
  const cases = {
    'embed page data': `/main-api/embed/${token}`,
    'chat read (first load)': `/main-api/embed/${token}/chat`,
    'live.m3u8': input.live,
    'dvr.m3u8': input.dvr,
  };
  for (const [name, path] of Object.entries(cases)) {
    const result = await interleavedRatio(
      { url: `${baseline.url}/` },
      { url: `${regie.url}${path}` },
      { rounds, seconds },
    );
    rows.push({
      call: name,
      'req/s': Math.round(result.rps),
      'p99 ms': result.p99,
      'bare route req/s': Math.round(result.baseRps),
      'ratio to bare fastify': result.ratio.toFixed(3),
      aim: '≥ 0.6',
      'rounds min–max': result.spread.map((ratio) => ratio.toFixed(2)).join('–'),
    });
  }
  const chatToken = await demoEmbedToken(regie, DEMO_NEXT_MATCH);
  const spread = await chatFanOut(regie, chatToken, FANS);
  rows.push({
    call: `chat message to ${FANS} connected fans`,
    'p50 ms': Math.round(spread.p50),
    'p99 ms': Math.round(spread.p99),
    'max ms': Math.round(spread.max),
    aim: 'p99 ≤ 1000 ms',
  });
  const signIns = await signInRate(regie, Number(setting('BENCH_SIGNIN_SECONDS', 5, 2)));
  rows.push({
    call: 'fan sign-in (argon2id, 19 MiB, 2 passes)',
    'req/s': Math.round(signIns.perSecond),
    'p99 ms': signIns.p99,
    result: `${signIns.perCpuSecond.toFixed(1)} sign-ins per CPU second of the server`,
  });
} finally {
  await regie.stop();
  await baseline.stop();
}
rows.push(...(await crowdOnPostgres()));
printTable(rows);
