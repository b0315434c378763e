// `npm run bench:vertical` (issue 42): vertical video that follows the action, on this machine's CPU.
//  (a) analysis: the automatic 9:16 path of a synthetic match (a small bright ball crossing a
//      textured pitch and back every 8 s, then a cut to another pitch) in 1080p50 and in 720p25, as time per
//      second of video (aim ≤ 0.25: a clip is analysed in a quarter of its length);
//  (b) render: the 9:16 render along that path (ffmpeg's crop moved frame by frame) ÷ the bare
//      ffmpeg crop-and-scale of the same clip with a fixed window, same encoder settings, in the
//      same run (aim ≤ 1.2);
//      The same render skinned (the club's logo laid out for 9:16, in the same pass, from the
//      clip's bare cut as a skinned clip's rendition is made) ÷ that bare crop too;
//  (c) the share of the video's frames in which the ball is wholly inside the window (aim ≥ 95 %).
// The functions are the server's own (bundled here with esbuild). BENCH_VERTICAL_SECONDS sets the
// clip's length (20 s; BENCH_SMOKE=1: 3 s, one round).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, printTable, runTool as run, serverModules, setting, timed } from './lib.mjs';

const SECONDS = Number(setting('BENCH_VERTICAL_SECONDS', 20, 3));
const ROUNDS = Number(setting('BENCH_ROUNDS', 3, 1));
/** The first shot (the ball crossing the pitch and back every PERIOD s) lasts this share of the clip; then a cut. */
const CROSSING = Math.round(SECONDS * 0.7 * 10) / 10;
const PERIOD = 8;
const SHAPES = [
  { name: '1080p50', width: 1920, height: 1080, fps: 50 },
  { name: '720p25', width: 1280, height: 720, fps: 25 },
];
const work = await mkdtemp(join(tmpdir(), 'regie-bench-vertical-'));

const server = await serverModules(work, [
  "export { analyseReframe, renderReframed } from './src/vertical/reframe.analyse.ts';",
  "export { cropWindow, windowAt } from '@regie/contract/vertical';",
  "export { renderDressed } from './src/vertical/rendition.dress.ts';",
  "export { localStorage } from './src/storage/storage.local.ts';",
]);
/** The skin's images live in the work folder, as a local storage's keys. */
const storage = server.localStorage(work, 'http://bench.invalid');
const LOGO_KEY = 'skins/logo.png';

/**
 * The ball's size and its left edge at `time` (the lavfi overlay's expressions, evaluated here):
 * the proportions of the unit test's match (src/vertical/reframe.test.ts), at any size.
 */
const ballOf = (shape) => Math.round(shape.height / 36);
function ballX(shape, time) {
  const ball = ballOf(shape);
  if (time < CROSSING) return (shape.width - ball) * (0.5 - 0.5 * Math.cos((2 * Math.PI * time) / PERIOD));
  return shape.width * (1 - 0.234) + shape.width * 0.0625 * Math.sin(time - CROSSING);
}

/** The synthetic match: a textured pitch, the ball crossing it and back, then a cut to another pitch. */
async function makeMatch(shape) {
  const file = join(work, `match-${shape.name}.mp4`);
  const ball = ballOf(shape);
  const rest = Math.max(0.5, SECONDS - CROSSING);
  const size = `${shape.width}x${shape.height}`;
  const pitch = (seconds, base) =>
    `color=c=black:s=${size}:r=${shape.fps}:d=${seconds},format=gray,geq=lum='${base}+28*sin(X/9)*sin(Y/7)'`;
  const dot = (seconds) => `color=c=white:s=${ball}x${ball}:r=${shape.fps}:d=${seconds},format=gray`;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', pitch(CROSSING, 70), '-f', 'lavfi', '-i', dot(CROSSING)],
    ...['-f', 'lavfi', '-i', pitch(rest, 150), '-f', 'lavfi', '-i', dot(rest)],
    '-filter_complex',
    [
      `[0][1]overlay=x='(W-w)*(0.5-0.5*cos(2*PI*t/${PERIOD}))':y=(H-h)/2[a]`,
      `[2][3]overlay=x='W*(1-0.234)+W*0.0625*sin(t)':y=(H-h)/3[b]`,
      '[a][b]concat=n=2:v=1:a=0,format=yuv420p[v]',
    ].join(';'),
    ...['-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast', '-g', String(shape.fps), file],
  ]);
  return file;
}

/** The share of the video's frames whose ball is wholly inside the window the path places. */
function ballInside(shape, keyframes) {
  const window = server.cropWindow('9:16', shape.width, shape.height);
  const ball = ballOf(shape);
  const frames = Math.floor(SECONDS * shape.fps);
  let inside = 0;
  for (let frame = 0; frame < frames; frame += 1) {
    const time = frame / shape.fps;
    const left = server.windowAt(keyframes, time) * (shape.width - window.width);
    const x = ballX(shape, time);
    if (x >= left - 0.5 && x + ball <= left + window.width + 0.5) inside += 1;
  }
  return inside / frames;
}

/** The bare fixed-window 9:16 crop-and-scale, with the render's own encoder settings. */
async function bareCrop(shape, input) {
  const window = server.cropWindow('9:16', shape.width, shape.height);
  const x = Math.round((shape.width - window.width) / 2);
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input],
    ...['-vf', `crop=w=${window.width}:h=${window.height}:x=${x}:y=0,scale=${window.width}:${window.height},setsar=1`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'],
    ...['-movflags', '+faststart', join(work, `bare-${shape.name}.mp4`)],
  ]);
}

/** A skin with the club's logo in the top-right corner (no rolls: the renders compared last as long). */
const skin = {
  overlayKey: LOGO_KEY,
  overlayPosition: 'top-right',
  overlayOpacity: 0.9,
  preRollKey: null,
  postRollKey: null,
  rollSeconds: 0,
};

const rows = [];
try {
  await mkdir(join(work, 'skins'));
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=400x120', '-frames:v', '1'],
    join(work, LOGO_KEY),
  ]);
  for (const shape of SHAPES) {
    console.log(`Generating a ${SECONDS} s ${shape.name} synthetic match…`);
    const input = await makeMatch(shape);
    const source = { width: shape.width, height: shape.height };
    const analyses = [];
    const renders = [];
    const bares = [];
    const skinned = [];
    let path = null;
    for (let round = 0; round < ROUNDS; round += 1) {
      const analysed = await timed(() => server.analyseReframe(input, source, '9:16'));
      analyses.push(analysed.ms);
      path = analysed.result;
      // Bare and Regie alternate, so a slower moment of the machine weighs on both.
      bares.push((await timed(() => bareCrop(shape, input))).ms);
      const rendered = await timed(() =>
        server.renderReframed({
          input,
          output: join(work, `regie-${shape.name}.mp4`),
          keyframes: path.keyframes,
          aspect: '9:16',
          source: { ...source, fps: shape.fps, duration: SECONDS },
        }),
      );
      renders.push(rendered.ms);
      const dressed = await timed(() =>
        server.renderDressed(
          { storage, signal: new AbortController().signal },
          {
            input,
            output: join(work, `skinned-${shape.name}.mp4`),
            keyframes: path.keyframes,
            offset: 0,
            aspect: '9:16',
            source: { ...source, fps: shape.fps, duration: SECONDS, hasAudio: false },
            skin,
            graphics: [],
            work,
          },
        ),
      );
      skinned.push(dressed.ms);
    }
    const analysisMs = median(analyses);
    const renderMs = median(renders);
    const bareMs = median(bares);
    rows.push({
      video: `${shape.name}, ${SECONDS} s`,
      'analysis s': (analysisMs / 1000).toFixed(2),
      'analysis ÷ duration (aim ≤ 0.25)': (analysisMs / 1000 / SECONDS).toFixed(3),
      'render s': (renderMs / 1000).toFixed(2),
      'bare fixed crop s': (bareMs / 1000).toFixed(2),
      'render ÷ bare (aim ≤ 1.2)': (renderMs / bareMs).toFixed(2),
      'skinned render ÷ bare': (median(skinned) / bareMs).toFixed(2),
      keyframes: path.keyframes.length,
      'ball inside (aim ≥ 95 %)': `${(ballInside(shape, path.keyframes) * 100).toFixed(1)} %`,
    });
  }
  printTable(rows);
} finally {
  await rm(work, { recursive: true, force: true });
}
