import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Aspect, cropWindow, type ReframeKeyframe, windowAt } from '@regie/contract/vertical';
import { type Skin, skinImages } from '../clips/clip.skin.ts';
import { REFRAME_CROP, skinLayout, skinnedClipArgs, skinnedDuration } from '../clips/skin.args.ts';
import type { GraphicOverlay } from '../graphics/graphics.args.ts';
import type { JobContext } from '../jobs/jobs.define.ts';
import { runFfmpeg } from '../media/ffmpeg.runner.ts';
import { cropCommands } from './reframe.analyse.ts';

export interface DressedRenderOptions {
  /** The clip's bare cut (videos.clip_clean_key), or its source with `range`; the MP4 to write. */
  input: string;
  /** The clip's range of `input` (its source); the whole input by default. */
  range?: { inSeconds: number; outSeconds: number };
  output: string;
  /** The path, in the clip's times; the cut starts `offset` seconds into the clip. */
  keyframes: readonly ReframeKeyframe[];
  offset: number;
  aspect: Aspect;
  /** The input's picture and sound; `duration`: the cut's (the range's, when there is one). */
  source: { width: number; height: number; fps: number; duration: number; hasAudio: boolean };
  skin: Skin | null;
  graphics: readonly GraphicOverlay[];
  /** Where the skin's images are downloaded and the crop commands written. */
  work: string;
  onProgress?: (percent: number) => void;
}

/**
 * A skinned clip in another aspect, in one ffmpeg run (issue 42 point 5): the bare cut cropped
 * along its path frame by frame and scaled, with the skin laid out for the aspect (contract
 * SKIN_LAYOUTS: logo and graphics inside the platforms' safe area, the intro and outro fitted
 * over a blurred fill) and the event's graphics burnt in.
 */
export async function renderDressed(
  context: Pick<JobContext<unknown>, 'storage' | 'signal'>,
  options: DressedRenderOptions,
): Promise<void> {
  const { source } = options;
  const window = cropWindow(options.aspect, source.width, source.height);
  const folder = await mkdtemp(join(options.work, 'dress-'));
  try {
    // The crop commands are in the cut's times: the path's, less the pre-roll before it.
    const keyframes = options.keyframes.map((keyframe) => ({ ...keyframe, time: keyframe.time - options.offset }));
    const commands = join(folder, 'crop.cmd');
    await writeFile(
      commands,
      cropCommands(keyframes, {
        duration: source.duration,
        fps: source.fps,
        sourceWidth: source.width,
        windowWidth: window.width,
        target: REFRAME_CROP,
      }),
    );
    const skinned = {
      input: options.input,
      output: options.output,
      inSeconds: options.range?.inSeconds ?? 0,
      outSeconds: options.range?.outSeconds ?? source.duration,
      width: window.width,
      height: window.height,
      fps: source.fps,
      hasAudio: source.hasAudio,
      ...(await skinImages(context.storage, options.skin, folder)),
      graphics: options.graphics,
      layout: skinLayout(options.aspect, window.width, window.height),
      reframe: {
        commands,
        window,
        startX: Math.round(windowAt(keyframes, 0) * (source.width - window.width)),
        y: Math.round((source.height - window.height) / 2),
      },
    };
    await runFfmpeg(skinnedClipArgs(skinned), {
      durationSeconds: skinnedDuration(skinned),
      signal: context.signal,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
