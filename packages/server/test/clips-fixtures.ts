import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { UPLOAD_IMAGES_PATH } from '@regie/contract/uploads';
import { expect } from 'vitest';
import type { TestContext } from './helpers.ts';

const run = promisify(execFile);

/** A one-colour PNG made by ffmpeg (lavfi). */
export async function makeColourPng(dir: string, colour: string, size = '160x90'): Promise<string> {
  const file = join(dir, `${colour}-${size}.png`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:size=${size}`],
    ...['-frames:v', '1', file],
  ]);
  return file;
}

/** POST /main-api/uploads/images (kind skin) as the web client sends it; answers the image key. */
export async function uploadSkinImage(ctx: TestContext, token: string, file: string): Promise<string> {
  const boundary = '----regie-clip-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nskin\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="skin.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await readFile(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: UPLOAD_IMAGES_PATH,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ key: string }>().key;
}

/** Seconds of a file's first video stream, as ffprobe reads it. */
export async function videoSeconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=duration', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
}

/** The RGB colour of one pixel of the frame at `seconds`. */
export async function pixelAt(file: string, seconds: number, x: number, y: number): Promise<[number, number, number]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
      ...['-vf', `format=rgb24,crop=1:1:${x}:${y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    { encoding: 'buffer' },
  );
  const pixel = stdout as Buffer;
  return [pixel[0] ?? -1, pixel[1] ?? -1, pixel[2] ?? -1];
}

/** True when the colour is close to `expected` (video compression moves values a little). */
export function near(colour: readonly number[], expected: readonly number[], tolerance = 40): boolean {
  return colour.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= tolerance);
}
