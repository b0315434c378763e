// `npm run bench:live`, latency part: glass-to-glass latency ÷ segment duration, for each latency
// mode (1 s and 2 s segments; aim ≤ 3).
// How: the bench is the camera. It writes 720p frames at 25 fps into an ffmpeg encoder's stdin
// (libx264 ultrafast, zerolatency, a keyframe every second: what a live encoder sends), each frame
// carrying the wall-clock time it was handed over, as a 48-bit barcode of milliseconds (black and
// white blocks along the top; testsrc2 moves below them). The encoder publishes over RTMP to
// Regie's ingest; the packager (ffmpeg -c copy) cuts HLS segments, each indexed and listed in
// live.m3u8. A player at the live edge polls live.m3u8 every 100 ms; each new segment is fetched
// at once and its first frame's barcode read back: capture time C. Glass-to-glass for an edge
// player, which shows a segment's first frame as soon as it has the segment whole, is
// (segment fetched) − C, the same for every frame of the segment. "Listed" is (segment first seen
// in live.m3u8) − C. Players holding a buffer add it (hls.js starts 3 segments back by default):
// the last column adds one segment. Display time (decode, screen) is not counted; the machine's
// clock is both ends'. The first segments, already listed when the player starts, are not counted.
import { spawn } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { median, runTool, SMOKE, setting, until } from './lib.mjs';
import { download, fetchText, liveInput, onServer, playlistSegments, sleep, stop, studio } from './live-support.mjs';

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 25;
/** 48 bits: two rows of 24 blocks, BLOCK_W × BLOCK_H pixels each. */
const BLOCK_W = 40;
const BLOCK_H = 24;
const BITS_PER_ROW = 24;
const BARCODE = { width: BLOCK_W * BITS_PER_ROW, height: 2 * BLOCK_H };
// BENCH_SMOKE=1: the 1 s mode only, watched 8 s.
const WATCH_SECONDS = Number(setting('BENCH_LIVE_LATENCY_SECONDS', 24, 8));
const MODES = SMOKE ? ['1s'] : ['1s', '2s'];

/** Writes `ms` as the barcode into the top rows of a gray frame. */
function stamp(frame, ms) {
  for (let bit = 0; bit < 2 * BITS_PER_ROW; bit += 1) {
    // Bit 47 first: the high 24 bits on the first row.
    const on = Math.floor(ms / 2 ** (47 - bit)) % 2 === 1;
    const row = Math.floor(bit / BITS_PER_ROW);
    const column = bit % BITS_PER_ROW;
    for (let y = row * BLOCK_H; y < (row + 1) * BLOCK_H; y += 1) {
      frame.fill(on ? 235 : 16, y * WIDTH + column * BLOCK_W, y * WIDTH + (column + 1) * BLOCK_W);
    }
  }
}

/** The barcode of a segment's first frame, as milliseconds. */
async function capturedAt(segmentFile, work) {
  const raw = join(work, 'barcode.gray');
  await runTool('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', segmentFile, '-frames:v', '1'],
    ...['-vf', `crop=${BARCODE.width}:${BARCODE.height}:0:0`, '-f', 'rawvideo', '-pix_fmt', 'gray', raw],
  ]);
  const pixels = await readFile(raw);
  let ms = 0;
  for (let bit = 0; bit < 2 * BITS_PER_ROW; bit += 1) {
    const row = Math.floor(bit / BITS_PER_ROW);
    const column = bit % BITS_PER_ROW;
    const centre = (row * BLOCK_H + BLOCK_H / 2) * BARCODE.width + column * BLOCK_W + BLOCK_W / 2;
    ms = ms * 2 + ((pixels[centre] ?? 0) > 128 ? 1 : 0);
  }
  return ms;
}

/**
 * The camera: raw gray 1280×720 frames written at 25 fps (each stamped when written), testsrc2
 * laid over all but the barcode, encoded and published. The frames set the pace (no -re).
 */
function camera(publishUrl) {
  const encoder = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-video_size', `${WIDTH}x${HEIGHT}`, '-framerate', String(FPS)],
      ...['-i', 'pipe:0', '-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT - BARCODE.height}:rate=${FPS}`],
      ...['-filter_complex', `[0:v][1:v]overlay=0:${BARCODE.height},format=yuv420p[v]`, '-map', '[v]'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-b:v', '3000k'],
      ...['-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0', '-f', 'flv', publishUrl],
    ],
    { stdio: ['pipe', 'ignore', process.env.BENCH_DEBUG ? 'inherit' : 'ignore'] },
  );
  encoder.stdin.on('error', () => undefined);
  let running = true;
  const frame = Buffer.alloc(WIDTH * HEIGHT, 128);
  const loop = (async () => {
    const started = performance.now();
    for (let index = 0; running; index += 1) {
      const due = started + (index * 1000) / FPS;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      if (!running) break;
      stamp(frame, Date.now());
      if (!encoder.stdin.write(frame)) await new Promise((resolve) => encoder.stdin.once('drain', resolve));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      encoder.stdin.end();
      await stop(encoder);
    },
  };
}

/** Plays one input's live edge as an eager player for WATCH_SECONDS: per new segment, when seen and fetched. */
async function watch(url, liveUrl, work) {
  const seen = new Set(playlistSegments(await fetchText(liveUrl)).map((segment) => segment.sequence));
  const arrivals = [];
  const ends = Date.now() + WATCH_SECONDS * 1000;
  while (Date.now() < ends) {
    const polled = Date.now();
    for (const segment of playlistSegments(await fetchText(liveUrl))) {
      if (seen.has(segment.sequence)) continue;
      seen.add(segment.sequence);
      const file = join(work, `${segment.sequence}.ts`);
      await download(onServer(url, new URL(segment.uri, liveUrl).href), file);
      arrivals.push({ ...segment, listedAt: polled, fetchedAt: Date.now(), file });
    }
    await sleep(Math.max(0, 100 - (Date.now() - polled)));
  }
  return arrivals;
}

export async function measureLatency({ url, work }) {
  const { api } = await studio(url, `Bench latency ${Date.now().toString(36)}`);
  const rows = [];
  for (const mode of MODES) {
    const seconds = Number.parseInt(mode, 10);
    const folder = join(work, `latency-${mode}`);
    await mkdir(folder, { recursive: true });
    const input = await liveInput(api, `Latency ${mode}`, mode);
    console.log(`Latency, ${mode} segments: the camera publishes, the player watches ${WATCH_SECONDS} s…`);
    const published = camera(input.publishUrl);
    try {
      const liveUrl = onServer(url, input.playback.liveUrl);
      await until(async () => playlistSegments(await fetchText(liveUrl)).length >= 2, 'the first segments', {
        timeoutMs: 60_000,
        intervalMs: 200,
      });
      const arrivals = await watch(url, liveUrl, folder);
      await published.stop();
      const samples = [];
      for (const arrival of arrivals) {
        const captured = await capturedAt(arrival.file, folder);
        // A barcode misread would be far off: only stamps of this run count.
        if (Math.abs(arrival.fetchedAt - captured) > 60_000) throw new Error(`unreadable barcode in ${arrival.file}`);
        samples.push({
          listed: (arrival.listedAt - captured) / 1000,
          shown: (arrival.fetchedAt - captured) / 1000,
          duration: arrival.duration,
        });
      }
      if (samples.length === 0) throw new Error(`no new segment of the ${mode} input in ${WATCH_SECONDS} s`);
      const shown = median(samples.map((sample) => sample.shown));
      rows.push({
        measure: `glass-to-glass, ${mode} segments`,
        segments: samples.length,
        'mean segment s': (samples.reduce((sum, sample) => sum + sample.duration, 0) / samples.length).toFixed(2),
        'capture → listed, median s': median(samples.map((sample) => sample.listed)).toFixed(2),
        'capture → shown (edge player), median s': shown.toFixed(2),
        'worst s': Math.max(...samples.map((sample) => sample.shown)).toFixed(2),
        'ratio to the segment (aim ≤ 3)': (shown / seconds).toFixed(2),
        'ratio, player 1 segment back': ((shown + seconds) / seconds).toFixed(2),
      });
    } finally {
      await published.stop();
    }
    await sleep(2_000);
  }
  return rows;
}
