// `npm run bench:live`, simulcast part: CPU per simulcast target. A generated 720p stream
// (lavfi testsrc + sine, H.264/AAC, real time) is published to a local RTMP server
// (node-media-server in its own process); N targets restream it with the server's own ffmpeg
// arguments (restreamArgs, bundled here with esbuild) to N local sinks. Over a window of
// BENCH_LIVE_SECONDS (default 20) each target's ffmpeg CPU time is read from /proc and divided
// by the wall time: the share of one core one target costs. The baseline, measured in the same
// run, is the publisher's own encode (what one live input costs to produce).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { freePort, root, SMOKE, setting } from './lib.mjs';
import { sleep, start, stop } from './live-support.mjs';

// BENCH_SMOKE=1: one target, over 5 s.
const WINDOW_SECONDS = Number(setting('BENCH_LIVE_SECONDS', 20, 5));
const TARGET_COUNTS = SMOKE ? [1] : [1, 2, 4];

async function builders(work) {
  const outfile = join(work, 'builders.mjs');
  await build({
    stdin: {
      contents: "export { restreamArgs } from './src/simulcast/simulcast.supervisor.ts';",
      resolveDir: join(root, 'packages/server'),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
  });
  return import(outfile);
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function listening(port) {
  for (let tries = 0; tries < 100; tries += 1) {
    const ok = await new Promise((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on ${port}`);
}

async function source(work) {
  const port = await freePort();
  const script = `const N = require('node-media-server');
    new N({ bind: '127.0.0.1', rtmp: { port: ${port} }, store: { path: ${JSON.stringify(join(work, 'nms'))} } }).run();`;
  const relay = spawn(process.execPath, ['-e', script], { stdio: 'ignore', cwd: join(root, 'packages/server') });
  await listening(port);
  const url = `rtmp://127.0.0.1:${port}/live/source`;
  const publisher = start('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-re'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-b:v', '3000k', '-c:a', 'aac', '-b:a', '128k'],
    ...['-f', 'flv', url],
  ]);
  await sleep(3_000);
  return { url, publisher, stop: async () => Promise.all([stop(publisher), stop(relay)]) };
}

async function measure(restreamArgs, from, targets) {
  const sinks = [];
  const restreams = [];
  for (let index = 0; index < targets; index += 1) {
    const port = await freePort();
    sinks.push(
      start(
        'ffmpeg',
        ['-hide_banner', '-loglevel', 'error', '-listen', '1', '-i', `rtmp://127.0.0.1:${port}/live/key`].concat([
          '-c',
          'copy',
          '-f',
          'null',
          '-',
        ]),
      ),
    );
    // Not probed: an ffmpeg listening takes the first connection as its one publisher.
    await sleep(1_000);
    restreams.push(start('ffmpeg', restreamArgs(from.url, `rtmp://127.0.0.1:${port}/live/key`)));
  }
  await sleep(3_000);
  const startedAt = performance.now();
  const before = restreams.map((child) => cpuSeconds(child.pid));
  const publisherBefore = cpuSeconds(from.publisher.pid);
  await sleep(WINDOW_SECONDS * 1000);
  const wall = (performance.now() - startedAt) / 1000;
  const perTarget = restreams.map((child, index) => (cpuSeconds(child.pid) - (before[index] ?? 0)) / wall);
  const publisher = (cpuSeconds(from.publisher.pid) - publisherBefore) / wall;
  for (const child of [...restreams, ...sinks]) await stop(child);
  const mean = perTarget.reduce((sum, value) => sum + value, 0) / perTarget.length;
  return { targets, mean, max: Math.max(...perTarget), publisher };
}

/** The rows of the simulcast part; `work` is a scratch folder. */
export async function measureSimulcast({ work }) {
  const { restreamArgs } = await builders(work);
  const from = await source(work);
  const rows = [];
  try {
    for (const targets of TARGET_COUNTS) {
      console.log(`Simulcast: ${targets} target(s) for ${WINDOW_SECONDS} s…`);
      const result = await measure(restreamArgs, from, targets);
      rows.push({
        measure: `cpu per simulcast target (${targets} target${targets > 1 ? 's' : ''})`,
        'cpu / wall, mean': result.mean.toFixed(4),
        'cpu / wall, worst': result.max.toFixed(4),
        'baseline: the 720p encode (cpu / wall)': result.publisher.toFixed(3),
        'ratio to the baseline': (result.mean / result.publisher).toFixed(4),
      });
    }
  } finally {
    await from.stop();
  }
  return rows;
}
