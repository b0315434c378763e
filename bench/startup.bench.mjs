// `npm run bench:startup`: cold start of `npm start` to the first served page (empty data folder,
// then again on the data it created), against a bare Fastify process started the same way, and
// the web app's initial JavaScript (what index.html loads before any lazy screen), gzipped.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, printTable, root, waitFor } from './lib.mjs';

async function timeStart(command, args, env, url) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitFor(url, 300_000);
    return Date.now() - started;
  } finally {
    // Its own process group (npm, then node): stopped whole, also when it never answered.
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const basePort = await freePort();
const baseline = await timeStart(
  process.execPath,
  [join(root, 'bench/baseline-server.mjs')],
  { PORT: String(basePort) },
  `http://127.0.0.1:${basePort}/`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'regie-start-'));
const port = await freePort();
const env = { PORT: String(port), REGIE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete process.env.DATABASE_URL;
const cold = await timeStart('npm', ['start'], env, `http://127.0.0.1:${port}/`);
const warm = await timeStart('npm', ['start'], env, `http://127.0.0.1:${port}/`);
rmSync(dataDir, { recursive: true, force: true });

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

printTable([
  { measure: 'bare fastify process → first response', ms: baseline, ratio: '1.00' },
  { measure: 'npm start, empty data folder → first page', ms: cold, ratio: (cold / baseline).toFixed(2) },
  { measure: 'npm start, existing data → first page', ms: warm, ratio: (warm / baseline).toFixed(2) },
]);
console.log(`initial JS (a first visit in English): ${initial.size} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
