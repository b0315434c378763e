import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { HLS_MASTER_PLAYLIST, type LadderRung, type TechnicalMetadata } from '@regie/contract/media';
import { type CutPlan, cutArgs, cutPlan } from './cut.args.ts';
import { runFfmpeg } from './ffmpeg.runner.ts';
import { findKeyframes, probeMedia } from './ffprobe.service.ts';
import { hlsLadderArgs, rungsFor } from './hls.args.ts';
import { mp4RemuxArgs } from './remux.args.ts';
import {
  posterArgs,
  posterTime,
  type StoryboardPlan,
  storyboardArgs,
  storyboardPlan,
  storyboardVtt,
} from './thumbnails.args.ts';
import type { WatermarkOverlay } from './watermark.args.ts';

/** The media operations the jobs perform: argument builders + the one ffmpeg runner. */

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

function runOptions(options: RunOptions, durationSeconds: number | null) {
  return {
    durationSeconds,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
}

/** Encodes the HLS ladder of a probed source into outputDir; returns the master playlist path and rungs. */
export async function encodeHlsLadder(
  input: string,
  outputDir: string,
  metadata: TechnicalMetadata,
  options: RunOptions & {
    segmentSeconds?: number;
    storyboard?: { sprite: string; vtt: string };
    /** The account's logo, burned into every rung in the same pass. */
    watermark?: WatermarkOverlay | null;
  } = {},
): Promise<{ masterPlaylist: string; rungs: LadderRung[]; storyboard: StoryboardPlan | null }> {
  const shape = { sourceWidth: metadata.width, sourceHeight: metadata.height };
  const rungs = rungsFor(shape);
  await mkdir(outputDir, { recursive: true });
  await Promise.all(rungs.map((rung) => mkdir(join(outputDir, rung.name), { recursive: true })));
  // The storyboard rides along: one decode of the source feeds the ladder and the sprite.
  const plan = options.storyboard ? storyboardPlan(metadata) : null;
  if (options.storyboard) await mkdir(dirname(options.storyboard.sprite), { recursive: true });
  const args = hlsLadderArgs({
    input,
    outputDir,
    ...shape,
    hasAudio: metadata.hasAudio,
    fps: metadata.fps,
    ...(options.segmentSeconds ? { segmentSeconds: options.segmentSeconds } : {}),
    ...(options.storyboard && plan ? { storyboard: { output: options.storyboard.sprite, plan } } : {}),
    watermark: options.watermark ?? null,
  });
  await runFfmpeg(args, runOptions(options, metadata.durationSeconds));
  if (options.storyboard && plan) {
    await writeFile(options.storyboard.vtt, storyboardVtt(plan, basename(options.storyboard.sprite)));
  }
  return { masterPlaylist: join(outputDir, HLS_MASTER_PLAYLIST), rungs, storyboard: plan };
}

export async function makePoster(
  input: string,
  output: string,
  metadata: TechnicalMetadata,
  options: RunOptions & { width?: number } = {},
): Promise<void> {
  await mkdir(dirname(output), { recursive: true });
  const args = posterArgs({
    input,
    output,
    atSeconds: posterTime(metadata.durationSeconds),
    ...(options.width ? { width: options.width } : {}),
  });
  await runFfmpeg(args, runOptions(options, null));
}

/** The sprite sheet and its WebVTT (cues point at the sprite by file name, beside the VTT). */
export async function makeStoryboard(
  input: string,
  output: { sprite: string; vtt: string },
  metadata: TechnicalMetadata,
  options: RunOptions & { intervalSeconds?: number; thumbnailWidth?: number; columns?: number } = {},
): Promise<StoryboardPlan> {
  const { intervalSeconds, thumbnailWidth, columns } = options;
  const plan = storyboardPlan({
    ...metadata,
    ...(intervalSeconds ? { intervalSeconds } : {}),
    ...(thumbnailWidth ? { thumbnailWidth } : {}),
    ...(columns ? { columns } : {}),
  });
  await mkdir(dirname(output.sprite), { recursive: true });
  await runFfmpeg(
    storyboardArgs({ input, output: output.sprite, plan }),
    runOptions(options, metadata.durationSeconds),
  );
  await writeFile(output.vtt, storyboardVtt(plan, basename(output.sprite)));
  return plan;
}

/** An HLS rung's playlist remuxed into one MP4 (remux.args.ts): seconds for a match, no encode. */
export async function remuxToMp4(playlist: string, output: string, options: RunOptions = {}): Promise<void> {
  await mkdir(dirname(output), { recursive: true });
  await runFfmpeg(mp4RemuxArgs(playlist, output), runOptions(options, null));
}

/** Cuts [in, out] of the input into an MP4: stream copy on keyframes, re-encoded otherwise. */
export async function cutVideo(
  input: string,
  output: string,
  range: { inSeconds: number; outSeconds: number },
  options: RunOptions = {},
): Promise<CutPlan> {
  const metadata = await probeMedia(input, options.signal ? { signal: options.signal } : {});
  const keyframes = await findKeyframes(input, {
    window: { fromSeconds: Math.max(0, range.inSeconds - 1), toSeconds: range.outSeconds + 1 },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const plan = cutPlan({ ...range, durationSeconds: metadata.durationSeconds, keyframes });
  await mkdir(dirname(output), { recursive: true });
  await runFfmpeg(cutArgs({ input, output, plan }), runOptions(options, range.outSeconds - range.inSeconds));
  return plan;
}
