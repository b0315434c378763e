import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg.runner.ts';
import { formatSeconds } from '../media/thumbnails.args.ts';

/**
 * A publication's thumbnail: the frame at its `thumbnailSeconds`, kept within the video, and the
 * JPEG of that frame for the platforms that take a picture (YouTube, Facebook).
 */

/** The frame is taken this long before the end at the latest: a seek past the last frame writes nothing. */
const END_MARGIN_SECONDS = 0.25;
/** The picture's longest side: YouTube's recommended 1280×720 (at least 640 wide, under its 2 MB cap). */
const LONGEST_SIDE = 1280;

/** The second asked for, within [0, the end of the video], to the millisecond. */
export function thumbnailSeconds(requested: number, durationSeconds: number | null): number {
  const last = durationSeconds === null ? requested : Math.max(0, durationSeconds - END_MARGIN_SECONDS);
  return Math.round(Math.min(Math.max(0, requested), last) * 1000) / 1000;
}

/** One JPEG frame at `atSeconds`, fitted in LONGEST_SIDE × LONGEST_SIDE with its aspect ratio. */
export function thumbnailArgs(options: { input: string; output: string; atSeconds: number }): string[] {
  return [
    ...['-ss', formatSeconds(options.atSeconds), '-i', options.input],
    ...['-map', '0:v:0', '-frames:v', '1'],
    ...['-vf', `scale=${LONGEST_SIDE}:${LONGEST_SIDE}:force_original_aspect_ratio=decrease`],
    ...['-q:v', '3', options.output],
  ];
}

/** The JPEG of the frame at `atSeconds` of `input`, written in `folder`; null when ffmpeg found no frame there. */
export async function makeThumbnail(
  input: string,
  folder: string,
  atSeconds: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const output = join(folder, 'thumbnail.jpg');
  await runFfmpeg(thumbnailArgs({ input, output, atSeconds }), signal ? { signal } : {});
  const made = await stat(output).catch(() => null);
  return made && made.size > 0 ? output : null;
}
