// `npm run bench:media`: the media pipeline against bare ffmpeg and a raw copy, in the same run.
//  (a) encode: a generated 60 s 720p video through Regie (upload completed → video ready: probe,
//      HLS ladder, poster, storyboard, uploads, queue) vs the same ladder ffmpeg command run bare
//      (bare runs before the server starts and after it stops; their mean is the baseline);
//  (b) clip: POST …/clips (off keyframes, so re-encoded) → video.clip job done, vs the bare cut;
//  (c) upload: the same file through the resumable upload API (parts sent 4 at a time, as the
//      browser does) vs fs.copyFile; then a large file (throughput rather than latency).
// The arguments come from the server's own builders (bundled here with esbuild), so the bare runs
// are the very commands Regie runs. BENCH_MEDIA_SECONDS shortens the video; REGIE_SERVER_DIST
// names the server bundle folder under packages/server (default dist).
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiClient,
  jobsDue,
  printTable,
  runTool as run,
  serverDist,
  serverModules,
  setting,
  signIn,
  startRegie,
  timed,
  until,
  uploadFile,
} from './lib.mjs';

// BENCH_SMOKE=1: an 8 s video and a 16 MiB upload.
const SECONDS = Number(setting('BENCH_MEDIA_SECONDS', 60, 8));
const CLIP = { inSeconds: SECONDS * 0.25 + 0.52, outSeconds: SECONDS * 0.5 + 0.3 };
const PART_CONCURRENCY = 4;
const LARGE_MIB = Number(setting('BENCH_UPLOAD_MIB', 256, 16));
const work = await mkdtemp(join(tmpdir(), 'regie-bench-media-'));

/** The resumable upload: session, parts PART_CONCURRENCY at a time, completion (answers {video, job}). */
const upload = (api, url, token, file) => uploadFile(api, url, token, file, { concurrency: PART_CONCURRENCY });

// The server's argument builders: the bare runs are the very commands Regie runs.
const media = await serverModules(work, [
  "export { hlsLadderArgs, rungsFor } from './src/media/hls.args.ts';",
  "export { cutArgs, cutPlan, keyframeProbeArgs, parseKeyframes } from './src/media/cut.args.ts';",
  "export { FFMPEG_COMMON_ARGS } from './src/media/ffmpeg.runner.ts';",
]);
const source = join(work, 'source.mp4');
console.log(`Generating a ${SECONDS} s 720p source…`);
await run('ffmpeg', [
  ...['-hide_banner', '-loglevel', 'error', '-y'],
  ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${SECONDS}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
]);
const sourceBytes = (await stat(source)).size;

// Bare runs first, while the server is not running.
const hlsDir = join(work, 'bare-hls');
const ladder = media.hlsLadderArgs({
  input: source,
  outputDir: hlsDir,
  sourceWidth: 1280,
  sourceHeight: 720,
  hasAudio: true,
  fps: 25,
});
/** The bare ladder, as the encode job runs it: one folder per rung of the ladder. */
const bareLadder = () =>
  timed(async () => {
    await rm(hlsDir, { recursive: true, force: true });
    for (const rung of media.rungsFor({ sourceWidth: 1280, sourceHeight: 720 })) {
      await mkdir(join(hlsDir, rung.name), { recursive: true });
    }
    await run('ffmpeg', [...media.FFMPEG_COMMON_ARGS, ...ladder]);
  });
console.log('Bare ladder encode…');
const bareEncodeBefore = await bareLadder();
const keyframeOutput = await run('ffprobe', media.keyframeProbeArgs(source), { capture: true });
const plan = media.cutPlan({ ...CLIP, durationSeconds: SECONDS, keyframes: media.parseKeyframes(keyframeOutput) });
const bareCutRun = () =>
  timed(() =>
    run('ffmpeg', [
      ...media.FFMPEG_COMMON_ARGS,
      ...media.cutArgs({ input: source, output: join(work, 'cut.mp4'), plan }),
    ]),
  );
console.log(`Bare cut (${plan.mode})…`);
const bareCutBefore = await bareCutRun();
const bareCopy = await timed(() => copyFile(source, join(work, 'copy.mp4')));

console.log(`Starting Regie from ${serverDist()}…`);
const server = await startRegie({ dataDir: join(work, 'data'), dist: serverDist() });
/** Long waits (a 60 s encode on 2 cores), polled 4 times a second. */
const LONG = { timeoutMs: 30 * 60_000, intervalMs: 250 };
try {
  const accessToken = await signIn(server.url, 'editor');
  const api = apiClient(server.url, accessToken);
  // A server started with demo videos (REGIE_DEMO_VIDEOS) makes and encodes them after its start: let them finish.
  const idle = async () => {
    const { data } = await api('GET', '/main-api/videos?limit=10');
    const settled = data.every((video) => ['ready', 'failed'].includes(video.state));
    return settled && !(await jobsDue(api));
  };
  await until(idle, 'the demo video to be encoded', LONG);

  console.log('Upload through Regie…');
  const uploaded = await timed(() => upload(api, server.url, accessToken, source));
  const videoId = uploaded.result.video.id;
  console.log('Encode through Regie…');
  const encoded = await timed(() =>
    until(
      async () => {
        const video = await api('GET', `/main-api/videos/${videoId}`);
        if (video.state === 'failed') throw new Error(`encode failed: ${video.failureReason}`);
        return video.state === 'ready' ? video : null;
      },
      'the video to be ready',
      LONG,
    ),
  );

  console.log('Clip through Regie…');
  const clipped = await timed(async () => {
    const { job } = await api('POST', `/main-api/videos/${videoId}/clips`, CLIP);
    return until(
      async () => {
        const current = await api('GET', `/main-api/jobs/${job.id}`);
        if (current.state === 'failed') throw new Error(`clip failed: ${current.lastError}`);
        return current.state === 'done' ? current : null;
      },
      'the clip job',
      LONG,
    );
  });
  if (process.env.BENCH_DEBUG) console.log(clipped.result);
  if (clipped.result.result?.mode !== plan.mode) {
    throw new Error(`Regie cut in ${clipped.result.result?.mode} mode, the bare cut in ${plan.mode}`);
  }

  // Throughput on a large file (BENCH_UPLOAD_MIB, 256 by default), last: its encode fails at
  // once (random bytes are no video) and disturbs nothing measured.
  // The clip's own encode (HLS) runs after its job: let it finish first.
  await until(idle, 'the clip to be encoded', { ...LONG, timeoutMs: 300_000 });
  console.log(`Upload of ${LARGE_MIB} MiB through Regie…`);
  const large = join(work, 'large.bin');
  await writeFile(large, randomBytes(LARGE_MIB * 1024 * 1024));
  const largeCopy = await timed(() => copyFile(large, join(work, 'large-copy.bin')));
  const largeUpload = await timed(() => upload(api, server.url, accessToken, large));

  await server.stop();
  // The bare runs again, once the server is gone: their mean is the baseline, so a drift of the
  // machine's speed during the run (a shared VM) weighs on both sides alike.
  console.log('Bare ladder encode and cut again…');
  const bareEncodeAfter = await bareLadder();
  const bareCutAfter = await bareCutRun();
  const bareEncode = { ms: (bareEncodeBefore.ms + bareEncodeAfter.ms) / 2 };
  const bareCut = { ms: (bareCutBefore.ms + bareCutAfter.ms) / 2 };
  const mbps = (ms) => (sourceBytes / 1024 / 1024 / (ms / 1000)).toFixed(1);
  printTable([
    {
      measure: `encode ${SECONDS} s 720p (ladder)`,
      'bare ms': Math.round(bareEncode.ms),
      'Regie ms': Math.round(encoded.ms),
      'ratio (aim ≤ 1.05)': (encoded.ms / bareEncode.ms).toFixed(3),
    },
    {
      measure: `clip ${(CLIP.outSeconds - CLIP.inSeconds).toFixed(2)} s (${plan.mode})`,
      'bare ms': Math.round(bareCut.ms),
      'Regie ms': Math.round(clipped.ms),
      'ratio (aim ≤ 1.10)': (clipped.ms / bareCut.ms).toFixed(3),
    },
    {
      measure: `upload ${(sourceBytes / 1024 / 1024).toFixed(1)} MiB (MiB/s: copy ${mbps(bareCopy.ms)}, Regie ${mbps(uploaded.ms)})`,
      'bare ms': Math.round(bareCopy.ms),
      'Regie ms': Math.round(uploaded.ms),
      'ratio (time)': (uploaded.ms / bareCopy.ms).toFixed(1),
    },
    {
      measure: `upload ${LARGE_MIB} MiB (MiB/s: copy ${(LARGE_MIB / (largeCopy.ms / 1000)).toFixed(1)}, Regie ${(LARGE_MIB / (largeUpload.ms / 1000)).toFixed(1)})`,
      'bare ms': Math.round(largeCopy.ms),
      'Regie ms': Math.round(largeUpload.ms),
      'ratio (time)': (largeUpload.ms / largeCopy.ms).toFixed(1),
    },
  ]);
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
