import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Aspect, cropWindow, REFRAME_LIMITS, type ReframeKeyframe, windowAt } from '@regie/contract/vertical';
import { MEDIA_BINARIES, mediaCommand, runFfmpeg, tailLines } from '../media/ffmpeg.runner.ts';
import { FfmpegError } from '../media/media.errors.ts';
import { trackChild } from '../ops/processes.ts';
import { type CameraPath, cameraPath, type GreyFrames } from './reframe.path.ts';

/**
 * Reads a video's frames small and grey for the reframing analysis (reframe.path.ts), and renders
 * a path with ffmpeg: the window's position sent to its crop filter frame by frame.
 */

/** The analysis frames' size for a source of this size: REFRAME_LIMITS.analysisWidth wide, even. */
export function analysisSize(sourceWidth: number, sourceHeight: number): { width: number; height: number } {
  const width = REFRAME_LIMITS.analysisWidth;
  return { width, height: Math.max(2, 2 * Math.round((width * sourceHeight) / sourceWidth / 2)) };
}

export interface AnalysisOptions {
  signal?: AbortSignal;
  /** Only this part of the input (a clip's range of its source), its times from 0. */
  range?: { inSeconds: number; outSeconds: number };
}

/** The video's frames, REFRAME_LIMITS.analysisFps a second, grey, analysisSize. */
export async function readGreyFrames(
  input: string,
  source: { width: number; height: number },
  options: AnalysisOptions = {},
): Promise<GreyFrames> {
  const { width, height } = analysisSize(source.width, source.height);
  const fps = REFRAME_LIMITS.analysisFps;
  const range = options.range
    ? ['-ss', String(options.range.inSeconds), '-t', String(options.range.outSeconds - options.range.inSeconds)]
    : [];
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    ...range,
    '-i',
    input,
    '-an',
    '-vf',
    `fps=${fps},scale=${width}:${height}:flags=area,format=gray`,
    '-f',
    'rawvideo',
    'pipe:1',
  ];
  const frameBytes = width * height;
  const frames: Uint8Array[] = [];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(...mediaCommand(MEDIA_BINARIES.ffmpeg, args), { stdio: ['ignore', 'pipe', 'pipe'] });
    trackChild(child);
    let pending: Buffer = Buffer.alloc(0);
    let stderr = '';
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= frameBytes) {
        frames.push(new Uint8Array(pending.subarray(0, frameBytes)));
        pending = pending.subarray(frameBytes);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_096);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) reject(options.signal.reason);
      else if (code === 0) resolve();
      else reject(new FfmpegError(MEDIA_BINARIES.ffmpeg, code, tailLines(stderr)));
    });
  });
  return { width, height, fps, frames };
}

/** The automatic path of `aspect` over the video (its source's size given). */
export async function analyseReframe(
  input: string,
  source: { width: number; height: number },
  aspect: Aspect,
  options: AnalysisOptions = {},
): Promise<CameraPath> {
  const window = cropWindow(aspect, source.width, source.height);
  return cameraPath(await readGreyFrames(input, source, options), window.width / source.width);
}

/**
 * The crop filter's x for every output frame along the keyframes, as sendcmd lines: the window
 * moves per frame (a line between keyframes, a step at a cut), in source pixels.
 */
export function cropCommands(
  keyframes: readonly ReframeKeyframe[],
  options: {
    duration: number;
    fps: number;
    sourceWidth: number;
    windowWidth: number;
    /** The crop filter the commands go to: sendcmd sends each to the first filter of that name. */
    target?: string;
  },
): string {
  const range = options.sourceWidth - options.windowWidth;
  const lines: string[] = [];
  const frames = Math.ceil(options.duration * options.fps);
  for (let frame = 0; frame <= frames; frame += 1) {
    const time = frame / options.fps;
    lines.push(`${time.toFixed(4)} ${options.target ?? 'crop'} x ${Math.round(windowAt(keyframes, time) * range)};`);
  }
  return `${lines.join('\n')}\n`;
}

export interface RenderReframedOptions {
  input: string;
  output: string;
  keyframes: readonly ReframeKeyframe[];
  aspect: Aspect;
  source: { width: number; height: number; fps: number; duration: number };
  /** The rendition's height (its width follows the aspect); the window's own by default. */
  height?: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

/** Renders the clip in `aspect` along the path: an H.264/AAC MP4 (the HLS ladder is made from it). */
export async function renderReframed(options: RenderReframedOptions): Promise<void> {
  const { source } = options;
  const window = cropWindow(options.aspect, source.width, source.height);
  const height = options.height ?? window.height;
  const width = Math.max(2, 2 * Math.round((height * window.width) / window.height / 2));
  const folder = await mkdtemp(join(tmpdir(), 'regie-reframe-'));
  try {
    const commands = join(folder, 'crop.cmd');
    await writeFile(
      commands,
      cropCommands(options.keyframes, {
        duration: source.duration,
        fps: source.fps,
        sourceWidth: source.width,
        windowWidth: window.width,
      }),
    );
    const startX = Math.round(windowAt(options.keyframes, 0) * (source.width - window.width));
    const filter = [
      `sendcmd=f='${commands.replaceAll("'", "\\'")}'`,
      `crop=w=${window.width}:h=${window.height}:x=${startX}:y=${Math.round((source.height - window.height) / 2)}`,
      `scale=${width}:${height}`,
      'setsar=1',
    ].join(',');
    await runFfmpeg(
      [
        '-i',
        options.input,
        '-vf',
        filter,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '21',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-movflags',
        '+faststart',
        options.output,
      ],
      {
        durationSeconds: source.duration,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      },
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
