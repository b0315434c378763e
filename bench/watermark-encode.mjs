// The watermark's cost in `npm run bench:modules` (issue 47.4): the server's own ladder encode
// (media.service.ts encodeHlsLadder, bundled with esbuild) of a 720p source with the account's
// logo burned in ÷ the same encode without it, alternated round by round in one process so both
// see the same machine. Aim ≤ 1.1: one overlay before the split, not one per rung.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, runTool, serverModules, setting, timed } from './lib.mjs';

const SECONDS = Number(setting('BENCH_WATERMARK_SECONDS', 20, 2));
const ROUNDS = Number(setting('BENCH_WATERMARK_ROUNDS', 3, 1));

/** A moving 720p25 test pattern with a tone, and a 240 px logo with a transparent ground. */
async function makeInputs(work) {
  const source = join(work, 'source.mp4');
  await runTool('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', source],
  ]);
  const logo = join(work, 'logo.png');
  await runTool('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=white@0.9:s=240x120,format=rgba'],
    ...['-frames:v', '1', logo],
  ]);
  return { source, logo };
}

/** The row of bench:modules' table: the watermarked ladder's time ÷ the plain ladder's. */
export async function watermarkEncodeRow() {
  const work = await mkdtemp(join(tmpdir(), 'regie-bench-watermark-'));
  try {
    const server = await serverModules(work, [
      "export { encodeHlsLadder } from './src/media/media.service.ts';",
      "export { probeMedia } from './src/media/ffprobe.service.ts';",
    ]);
    const { source, logo } = await makeInputs(work);
    const metadata = await server.probeMedia(source);
    const watermark = { image: logo, corner: 'top-right', sizePercent: 12, opacity: 0.8, marginPercent: 3 };
    const encode = (name, options) => timed(() => server.encodeHlsLadder(source, join(work, name), metadata, options));
    const plain = [];
    const marked = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      plain.push((await encode(`plain-${round}`, {})).ms);
      marked.push((await encode(`marked-${round}`, { watermark })).ms);
    }
    const ratios = marked.map((ms, index) => ms / (plain[index] ?? ms));
    return {
      call: `ladder encode of ${SECONDS} s of 720p25, watermark ÷ plain`,
      'req/s': '–',
      'p99 ms': Math.round(median(marked)),
      'off req/s': `${Math.round(median(plain))} ms plain`,
      ratio: median(ratios).toFixed(3),
      aim: '≤ 1.1',
      'rounds min–max': `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
