// `npm run bench:api`: throughput of login, users/me and admin-payload as a ratio to a bare
// Fastify route measured in the same run, on PGlite and (when reachable) on PostgreSQL.
import { execSync } from 'node:child_process';
import { printTable, startBaseline, startRegie, throughput } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const pgBase = process.env.PG_URL_BASE ?? 'postgres://postgres@127.0.0.1:5432';

function createPgDatabase() {
  const name = `regie_bench_${Date.now()}`;
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

async function measure(label, regie, baselineRps) {
  const token = await login(regie.url);
  const auth = { authorization: `Bearer ${token}`, 'accept-version': 'v6' };
  const cases = {
    login: {
      url: `${regie.url}/users-service-api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'producer', password: 'regie-demo' }),
    },
    'users/me': { url: `${regie.url}/users-service-api/users/me`, headers: auth },
    'admin-payload': { url: `${regie.url}/main-api/common/admin-payload`, headers: auth },
  };
  const rows = [];
  for (const [name, options] of Object.entries(cases)) {
    const result = await throughput(options, seconds);
    rows.push({
      database: label,
      call: name,
      'req/s': Math.round(result.rps),
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      'ratio to bare fastify': (result.rps / baselineRps).toFixed(3),
    });
  }
  return rows;
}

const baseline = await startBaseline();
const base = await throughput({ url: `${baseline.url}/` }, seconds);
await baseline.stop();
const rows = [
  {
    database: '-',
    call: 'bare fastify route',
    'req/s': Math.round(base.rps),
    'p50 ms': base.p50,
    'p99 ms': base.p99,
    'ratio to bare fastify': '1.000',
  },
];

const pglite = await startRegie();
rows.push(...(await measure('PGlite', pglite, base.rps)));
await pglite.stop();

const pg = createPgDatabase();
if (pg) {
  const server = await startRegie({ databaseUrl: pg.url });
  rows.push(...(await measure('PostgreSQL', server, base.rps)));
  await server.stop();
  pg.drop();
} else {
  console.log(`PostgreSQL at ${pgBase} not reachable: skipped`);
}
printTable(rows);
