// `npm run bench:events`: the event workspace's two hot paths, measured in one run.
//  (a) realtime: a marker added by one client (POST events/{id}/markers) → received by a second
//      client over the WebSocket (subscribed to /admin/{eventId}): p50 / p99 over BENCH_MARKERS
//      markers (100 by default), one after the other;
//  (b) clip from a marker: POST events/{id}/markers/{markerId}/clips?offset=n → the video.clip job
//      done (the cut stored), and → the clip playable (its HLS encoded, video ready), each as a
//      ratio to the bare ffmpeg run of the same work in the same run: the same cut (and the same
//      cut plus the HLS ladder of it), with the server's own argument builders.
// Bare runs go before the server starts and after it stops (their mean is the baseline). No
// timed assertion: the ratios are printed. REGIE_SERVER_DIST names the server bundle folder.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  apiClient,
  jobsDue,
  median,
  percentile,
  printTable,
  runTool as run,
  serverDist,
  serverModules,
  setting,
  signIn,
  startRegie,
  timed,
  until as untilEvery,
} from './lib.mjs';

// BENCH_SMOKE=1: 5 markers, 1 clip.
const MARKERS = Number(setting('BENCH_MARKERS', 100, 5));
const CLIPS = Number(setting('BENCH_CLIPS', 3, 1));
/** A marker inside the demo video (20 s), off keyframes: the cut is re-encoded, as most are. */
const MARKER = { timeSeconds: 10.52, durationSeconds: 1 };
const OFFSET = 3;
const work = await mkdtemp(join(tmpdir(), 'regie-bench-events-'));

/** A realtime client subscribed to `topic`; `onEvent` gets every event, with its arrival time. */
async function listen(url, media, token, topic, onEvent) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${media.REALTIME_PATH}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const ready = new Promise((resolve) => {
    socket.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data));
      if (message.type === 'subscribed') resolve();
      else if (message.topic) onEvent(message, at);
    });
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  socket.send(JSON.stringify({ type: 'subscribe', topic }));
  await ready;
  return socket;
}

/** Polls 10 times a second at most (the clip's figures are a few seconds): each costs the server CPU that ffmpeg would use. */
const until = (check, what, timeoutMs = 10 * 60_000) => untilEvery(check, what, { timeoutMs, intervalMs: 100 });

// The server's builders (ffmpeg arguments, the demo video, the clip defaults).
const media = await serverModules(work, [
  "export { hlsLadderArgs, rungsFor } from './src/media/hls.args.ts';",
  "export { cutArgs, cutPlan, keyframeProbeArgs, parseKeyframes } from './src/media/cut.args.ts';",
  "export { FFMPEG_COMMON_ARGS } from './src/media/ffmpeg.runner.ts';",
  "export { DEMO_VIDEO, demoClipArgs } from './src/seed/video.seed.ts';",
  "export { CLIP_TEMPLATE_SECONDS } from '@regie/contract/clips';",
  "export { markerPaths } from '@regie/contract/markers';",
  "export { REALTIME_PATH, eventTopic } from '@regie/contract/realtime';",
]);
const source = join(work, 'demo.mp4');
console.log('Generating the demo video (the server makes the same one at start)…');
await run('ffmpeg', media.demoClipArgs(source));
const range = {
  inSeconds: Math.max(0, MARKER.timeSeconds - OFFSET),
  outSeconds: Math.min(
    media.DEMO_VIDEO.seconds,
    MARKER.timeSeconds + MARKER.durationSeconds + media.CLIP_TEMPLATE_SECONDS.defaultAfter,
  ),
};
const keyframes = media.parseKeyframes(await run('ffprobe', media.keyframeProbeArgs(source), { capture: true }));
const plan = media.cutPlan({ ...range, durationSeconds: media.DEMO_VIDEO.seconds, keyframes });
const cutFile = join(work, 'cut.mp4');
const { width, height } = media.DEMO_VIDEO;
const bareCut = () =>
  run('ffmpeg', [...media.FFMPEG_COMMON_ARGS, ...media.cutArgs({ input: source, output: cutFile, plan })]);
/** The cut, then its HLS ladder, as the clip's encode job makes it (poster and storyboard aside). */
const bareCutAndLadder = async () => {
  await bareCut();
  const hlsDir = join(work, 'hls');
  await rm(hlsDir, { recursive: true, force: true });
  for (const rung of media.rungsFor({ sourceWidth: width, sourceHeight: height })) {
    await mkdir(join(hlsDir, rung.name), { recursive: true });
  }
  const ladder = media.hlsLadderArgs({
    input: cutFile,
    outputDir: hlsDir,
    sourceWidth: width,
    sourceHeight: height,
    hasAudio: true,
    fps: 25,
  });
  await run('ffmpeg', [...media.FFMPEG_COMMON_ARGS, ...ladder]);
};
const bare = async () => ({ cut: (await timed(bareCut)).ms, playable: (await timed(bareCutAndLadder)).ms });
console.log(`Bare cut (${plan.mode}) and ladder…`);
const bareBefore = [];
for (let i = 0; i < CLIPS; i += 1) bareBefore.push(await bare());

console.log(`Starting Regie from ${serverDist()}…`);
// The demo replay (a demo video) is what the markers and clips are made on.
const server = await startRegie({ dataDir: join(work, 'data'), dist: serverDist(), env: { REGIE_DEMO_VIDEOS: 'on' } });
const sockets = [];
try {
  const token = await signIn(server.url, 'producer');
  const api = apiClient(server.url, token);
  const matches = await api('GET', `/main-api/events?search=${encodeURIComponent('Riverside vs Harbour City')}`);
  const match = matches.data[0];
  // The demo video and the demo clips are encoded in the background after a first start.
  const replay = await until(async () => {
    const { video } = await api('GET', media.markerPaths.replay(match.id));
    return video?.playback ? video : null;
  }, 'the demo replay');
  await until(async () => !(await jobsDue(api)), 'no job due');
  const event = await api('POST', '/main-api/events', { name: `Bench ${Date.now()}`, videoId: replay.id });

  console.log(`${MARKERS} markers, added by one client, received by another…`);
  const arrivals = new Map();
  const topic = media.eventTopic(event.id);
  sockets.push(
    await listen(server.url, media, token, topic, (message, at) => {
      if (message.type === 'marker.created') arrivals.set(message.payload.marker.label, at);
    }),
  );
  const latencies = [];
  for (let i = 0; i < MARKERS; i += 1) {
    const label = `bench-${i}`;
    const sent = performance.now();
    await api('POST', media.markerPaths.markers(event.id), { label, timeSeconds: (i % 190) / 10 });
    const at = await until(() => arrivals.get(label), `marker ${label}`, 10_000);
    latencies.push(at - sent);
  }

  console.log(`${CLIPS} clips from a marker, to done and to playable…`);
  const marker = await api('POST', media.markerPaths.markers(event.id), { label: 'Bench goal', ...MARKER });
  const regie = [];
  for (let i = 0; i < CLIPS; i += 1) {
    const started = performance.now();
    const { video, job } = await api(
      'POST',
      `/main-api/events/${event.id}/markers/${marker.id}/clips?offset=${OFFSET}`,
      {
        clipTemplateId: null,
      },
    );
    const done = await until(async () => {
      const current = await api('GET', `/main-api/jobs/${job.id}`);
      if (current.state === 'failed') throw new Error(`clip failed: ${current.lastError}`);
      return current.state === 'done' ? current : null;
    }, 'the clip job');
    const cutMs = performance.now() - started;
    if (done.result?.mode !== plan.mode)
      throw new Error(`Regie cut in ${done.result?.mode} mode, the bare cut in ${plan.mode}`);
    await until(async () => {
      const clips = await api('GET', `/main-api/events/${event.id}/clips`);
      const clip = clips.data.find((candidate) => candidate.id === video.id);
      if (clip?.state === 'failed') throw new Error(`clip failed: ${clip.failureReason}`);
      return clip?.state === 'ready';
    }, 'the clip to be playable');
    // The server's own span (job row created → finished): the rest of cutMs is the POST and polling.
    const serverMs = Date.parse(done.finishedAt) - Date.parse(done.createdAt);
    regie.push({ cut: cutMs, server: serverMs, playable: performance.now() - started });
  }

  for (const socket of sockets) socket.close();
  await server.stop();
  console.log('Bare cut and ladder again…');
  const bareAfter = [];
  for (let i = 0; i < CLIPS; i += 1) bareAfter.push(await bare());
  const baseline = (key) => (median(bareBefore.map((r) => r[key])) + median(bareAfter.map((r) => r[key]))) / 2;
  const seconds = (range.outSeconds - range.inSeconds).toFixed(2);
  printTable([
    {
      measure: `marker added → seen by a 2nd client (${MARKERS})`,
      'p50 ms': latencies.length ? percentile(latencies, 50).toFixed(1) : '–',
      'p99 ms': latencies.length ? percentile(latencies, 99).toFixed(1) : '–',
      'max ms': Math.max(...latencies).toFixed(1),
    },
  ]);
  printTable([
    {
      measure: `clip from a marker, ${seconds} s (${plan.mode}) → cut stored`,
      'bare ms': Math.round(baseline('cut')),
      'Regie ms': Math.round(median(regie.map((r) => r.cut))),
      'ratio (aim ≤ 1.10)': (median(regie.map((r) => r.cut)) / baseline('cut')).toFixed(3),
      'of which job ms': Math.round(median(regie.map((r) => r.server))),
    },
    {
      measure: `clip from a marker, ${seconds} s → playable (HLS)`,
      'bare ms': Math.round(baseline('playable')),
      'Regie ms': Math.round(median(regie.map((r) => r.playable))),
      'ratio (aim ≤ 1.10)': (median(regie.map((r) => r.playable)) / baseline('playable')).toFixed(3),
    },
  ]);
} finally {
  for (const socket of sockets) socket.close();
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
