// `npm run bench:smoke`: every `npm run bench:*` of package.json in its short mode (BENCH_SMOKE=1:
// one round, the smallest sizes), one after the other, so that a bench that no longer runs to its
// end fails CI (.ci/run). A bench fails when it exits non-zero, prints no table, or outlives
// BENCH_SMOKE_TIMEOUT_SECONDS (900); no figure is asserted. The build is made once, and only
// where it is stale (scripts/build-state.mjs), instead of once per bench as their scripts do.
// `npm run bench:smoke -- live api` runs only those.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, staleTargets } from '../scripts/build-state.mjs';

const TIMEOUT_MS = Number(process.env.BENCH_SMOKE_TIMEOUT_SECONDS ?? 900) * 1000;
/** What console.table draws: a bench that printed its table printed both corners. */
const TABLE = /┌[─┬]+┐[\s\S]*└[─┴]+┘/;

/** The benches of package.json: name → its script file (the `node bench/….mjs` its script ends with). */
function benches() {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const found = [];
  for (const [name, command] of Object.entries(scripts)) {
    if (!name.startsWith('bench:') || name === 'bench:smoke') continue;
    const file = /(?:^|&&)\s*node (bench\/[\w.-]+\.mjs)\s*$/.exec(command)?.[1];
    if (!file) throw new Error(`${name}: its script should end with 'node bench/FILE.mjs' (it is '${command}')`);
    found.push({ name, file });
  }
  return found;
}

function run({ name, file }) {
  console.log(`\n== ${name} (BENCH_SMOKE=1 node ${file}) ==`);
  const started = Date.now();
  // Its own process group: on a timeout the bench goes with the servers and ffmpegs it started.
  const child = spawn(process.execPath, [join(root, file)], {
    cwd: root,
    env: { ...process.env, BENCH_SMOKE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  // Stopped itself (Ctrl-C, CI's timeout): the bench in its own group goes too.
  const forward = (signal) => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', forward);
  process.once('SIGTERM', forward);
  let output = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output += chunk;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid, 'SIGKILL');
  }, TIMEOUT_MS);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      // A bench that failed half-way leaves its servers, browser and ffmpegs behind: they go.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      const seconds = Math.round((Date.now() - started) / 1000);
      let failure = null;
      if (timedOut) failure = `still running after ${TIMEOUT_MS / 1000} s`;
      else if (code !== 0) failure = `exited with ${code ?? signal}`;
      else if (!TABLE.test(output)) failure = 'printed no table';
      resolve({ bench: name, seconds, result: failure ?? 'ran to its end, table printed' });
    });
  });
}

const only = process.argv.slice(2).map((name) => (name.startsWith('bench:') ? name : `bench:${name}`));
const all = benches();
const unknown = only.filter((name) => !all.some((bench) => bench.name === name));
if (unknown.length > 0) throw new Error(`unknown bench ${unknown.join(', ')} (${all.map((b) => b.name).join(', ')})`);
const chosen = only.length > 0 ? all.filter((bench) => only.includes(bench.name)) : all;

for (const workspace of staleTargets()) {
  console.log(`Building ${workspace}…`);
  const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const started = Date.now();
const results = [];
for (const bench of chosen) results.push(await run(bench));
console.log(`\nbench:smoke, ${Math.round((Date.now() - started) / 1000)} s in all:`);
console.table(results);
const failed = results.filter((result) => !result.result.startsWith('ran to its end'));
if (failed.length > 0) {
  console.error(`bench:smoke: ${failed.map((result) => `${result.bench} ${result.result}`).join('; ')}`);
  process.exit(1);
}
