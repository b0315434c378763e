// `npm run bench:startup`: cold start of `npm start` to the first served page (empty data folder,
// then again on the data it created; the empty folder also without the build's demo database
// template, seeding at start), against a bare Fastify process started the same way, each a few
// times (median, spread, and the CPU time the processes used: wall times mean little on a loaded
// machine), and the web app's initial JavaScript (what index.html loads before any lazy screen), gzipped.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { demoTemplateWanted } from '../scripts/build-state.mjs';
import { freePort, printTable, root, setting, waitFor } from './lib.mjs';

// Issue 24, point 14: an empty data folder to the first page in at most this.
const AIM_MS = 6_000;
// Each start is measured this many times and reported by its median, with the spread (shared machines).
const RUNS = Number(setting('BENCH_STARTUP_RUNS', 3, 1));
// /proc counts CPU time in clock ticks, 100 a second on Linux.
const MS_PER_TICK = 10;

/** The /proc stat fields of every live process of a process group (Linux). */
function groupStats(group) {
  const members = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The fields after the command's closing parenthesis: state ppid pgrp … utime(12) stime(13).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');
      if (Number(fields[2]) === group && fields[0] !== 'Z') members.push(fields);
    } catch {}
  }
  return members;
}

/** CPU time (user + system, ms) the group's processes have used. */
const groupCpuMs = (group) =>
  groupStats(group).reduce((sum, fields) => sum + (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK, 0);

/** Until the server itself has shut down (npm exits first): the next start must not share its data folder. */
async function groupGone(group) {
  while (groupStats(group).length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function timeStart(command, args, env, url) {
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let ms;
  let cpuMs;
  try {
    await waitFor(url, 300_000);
    ms = Date.now() - started;
    cpuMs = groupCpuMs(child.pid);
  } finally {
    // Its own process group (npm, then node): stopped whole, also when it never answered.
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
    await groupGone(child.pid);
  }
  // main.js says where its demo data came from (LOG_LEVEL=info): from the build's template, seeded, or none added.
  const demoData = /"demoData":"([^"]+)"/.exec(output)?.[1] ?? '?';
  return { ms, cpuMs, demoData };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(label, start) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await start());
  const ms = median(runs.map((run) => run.ms));
  return {
    label,
    ms,
    cpuMs: Math.round(median(runs.map((run) => run.cpuMs))),
    spread: `${Math.min(...runs.map((run) => run.ms))}–${Math.max(...runs.map((run) => run.ms))}`,
    demoData: [...new Set(runs.map((run) => run.demoData))].join(', '),
  };
}

const baseline = await measure('bare fastify process → first response', async () => {
  const port = await freePort();
  return timeStart(
    process.execPath,
    [join(root, 'bench/baseline-server.mjs')],
    { PORT: String(port) },
    `http://127.0.0.1:${port}/`,
  );
});

delete process.env.DATABASE_URL;
// What a clean clone's `npm start` has: the demo database template its build made. A build of the
// server alone (bench:smoke, npm test) makes none, or one may be past its hour: made here first.
if (demoTemplateWanted({ REGIE_DATA_DIR: join(tmpdir(), 'regie-no-such-folder') })) {
  console.log('Making the demo database template (npm run build makes it beside the web app)…');
  const made = spawnSync(process.execPath, [join(root, 'packages/server/dist/demo-template.js')], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error(`the demo database template was not made (exit ${made.status})`);
}
/** `npm start` on a new data folder, then again on the data it made. */
async function startTwice(extraEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'regie-start-'));
  const port = await freePort();
  const env = { PORT: String(port), REGIE_DATA_DIR: dataDir, LOG_LEVEL: 'info', REGIE_INGEST_PORT: '0', ...extraEnv };
  const url = `http://127.0.0.1:${port}/`;
  try {
    const cold = await timeStart('npm', ['start'], env, url);
    const warm = await timeStart('npm', ['start'], env, url);
    return { cold, warm };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const pairs = [];
const template = await measure('npm start, empty data folder → first page', async () => {
  const pair = await startTwice({});
  pairs.push(pair);
  return pair.cold;
});
const warm = await measure('npm start, existing data → first page', async () => pairs.shift().warm);
const seeding = await measure('  the same, seeding at start (REGIE_DEMO_TEMPLATE=off)', async () => {
  const { cold } = await startTwice({ REGIE_DEMO_TEMPLATE: 'off' });
  return cold;
});

const dist = join(root, 'packages/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]));
// The app's code, which the first paint's inline script asks for (web catalog-preload.plugin.ts):
// its entry and preloads, and the catalog of a first visit in English.
const code = /"entry":("[^"]*"),"preloads":(\[[^\]]*\])/.exec(html);
for (const file of code ? [JSON.parse(code[1]), ...JSON.parse(code[2])] : []) {
  if (file.endsWith('.js')) initial.add(file.replace(/^\//, ''));
}
const english = /"en":"\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
if (english) initial.add(english);
if (initial.size === 0) throw new Error(`no script found in ${join(dist, 'index.html')}`);
const gzipBytes = [...initial].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);

const meta = JSON.parse(readFileSync(join(root, 'packages/server/dist/demo-template.json'), 'utf8'));
printTable(
  [baseline, template, warm, seeding].map((row) => ({
    measure: row.label,
    'ms (median)': row.ms,
    'runs ms': row.spread,
    'CPU ms': row.cpuMs,
    ratio: (row.ms / baseline.ms).toFixed(2),
    'demo data': row.demoData,
  })),
);
console.log(
  `demo database template: made by npm run build beside the web build in ${(meta.buildMs / 1000).toFixed(1)} s (${meta.builtAt})`,
);
console.log(
  `aim (issue 24.14): empty data folder → first page ≤ ${AIM_MS} ms: ${template.ms <= AIM_MS ? 'met' : 'NOT met'} (median ${template.ms} ms over ${RUNS} runs, load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
);
console.log(`initial JS (a first visit in English): ${initial.size} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
