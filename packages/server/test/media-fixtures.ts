import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A temp folder for one test file's media, removed by cleanup(). */
export async function mediaFolder(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'regie-media-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A small H.264/AAC MP4 made by ffmpeg's test sources (lavfi): moving test pattern and a tone,
 * a keyframe every `gopFrames` frames.
 */
export async function makeTestVideo(
  output: string,
  options: {
    width?: number;
    height?: number;
    seconds?: number;
    fps?: number;
    gopFrames?: number;
    audio?: boolean;
  } = {},
): Promise<string> {
  const { width = 640, height = 360, seconds = 3, fps = 25, gopFrames = 25, audio = true } = options;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`],
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-g', String(gopFrames), '-keyint_min', String(gopFrames), '-sc_threshold', '0'],
    ...(audio ? ['-c:a', 'aac', '-b:a', '96k'] : []),
    output,
  ]);
  return output;
}

/** The width and height of an image or video's first video stream. */
export async function pictureSize(file: string): Promise<{ width: number; height: number }> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', file],
  ]);
  const stream = (JSON.parse(stdout) as { streams: { width: number; height: number }[] }).streams[0];
  if (!stream) throw new Error(`no picture in ${file}`);
  return stream;
}
