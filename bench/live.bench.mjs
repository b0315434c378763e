// `npm run bench:live`: the live's figures (issue 12), each part in its own module, printed as
// figures and ratios against a baseline of the same run, never asserted:
//  - latency (bench/live-latency.mjs): glass-to-glass latency ÷ segment duration, 1 s and 2 s;
//  - clips (bench/live-clips.mjs): instant live clip → playable; the frame-accurate skinned
//    clip ÷ the bare ffmpeg command doing the same cut and skin;
//  - capacity (bench/live-capacity.mjs): how many 720p inputs one machine ingests and packages
//    with no dropped segment, and the server's CPU per step;
//  - simulcast (bench/live-simulcast.mjs): CPU per simulcast target.
// BENCH_LIVE_ONLY=latency|clips|capacity|simulcast runs one part (a comma-separated list, some).
// The first three share one Regie (the built bundle, REGIE_SERVER_DIST, on a fresh PGlite data
// folder, its RTMP ingest on a free port), measured once it is idle: the demo data's videos are
// encoded at its first start, so the measures wait for no job due (lib.mjs jobsDue) and its
// process tree quiet. The simulcast part needs no Regie (its own RTMP relay and publisher).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, freePort, jobsDue, printTable, serverDist, signIn, startRegie, waitUntilIdle } from './lib.mjs';
import { prerecorded } from './live-support.mjs';

const PARTS = ['latency', 'clips', 'capacity', 'simulcast'];
const only = (process.env.BENCH_LIVE_ONLY ?? '').split(',').filter(Boolean);
const unknown = only.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) throw new Error(`BENCH_LIVE_ONLY: unknown part ${unknown.join(', ')} (${PARTS.join('|')})`);
const runs = (part) => only.length === 0 || only.includes(part);

const work = await mkdtemp(join(tmpdir(), 'regie-bench-live-'));
const started = Date.now();
const tables = [];
const report = (rows) => {
  printTable(rows);
  tables.push(rows);
};
try {
  if (runs('latency') || runs('clips') || runs('capacity')) {
    // Before the server starts: its CPU is not shared with this encode.
    const published = runs('clips') || runs('capacity') ? await prerecorded(work) : null;
    const ingestPort = await freePort();
    console.log(`Starting Regie from ${serverDist()} (RTMP ingest on ${ingestPort})…`);
    const server = await startRegie({
      dataDir: join(work, 'data'),
      dist: serverDist(),
      env: { REGIE_INGEST_PORT: String(ingestPort), REGIE_INGEST_HOST: '127.0.0.1' },
    });
    try {
      const producer = apiClient(server.url, await signIn(server.url, 'producer'));
      const waited = await waitUntilIdle(server.pid, () => jobsDue(producer));
      console.log(`Regie idle after ${waited.toFixed(0)} s (no job due).`);
      const context = { url: server.url, pid: server.pid, work, published };
      if (runs('latency')) report(await (await import('./live-latency.mjs')).measureLatency(context));
      if (runs('clips')) report(await (await import('./live-clips.mjs')).measureClips(context));
      if (runs('capacity')) report(await (await import('./live-capacity.mjs')).measureCapacity(context));
    } finally {
      await server.stop();
    }
  }
  if (runs('simulcast')) report(await (await import('./live-simulcast.mjs')).measureSimulcast({ work }));
} finally {
  await rm(work, { recursive: true, force: true });
}
console.log(`\nbench:live, ${((Date.now() - started) / 1000).toFixed(0)} s in all:`);
for (const rows of tables) printTable(rows);
