import { POSTER_DEFAULTS, STORYBOARD_DEFAULTS } from '@regie/contract/media';

/** Seconds as ffmpeg reads them: at most millisecond precision, no exponent. */
export function formatSeconds(seconds: number): string {
  return String(Math.round(seconds * 1000) / 1000);
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/** Where the poster frame is taken: a few seconds in, or a tenth into a short video. */
export function posterTime(durationSeconds: number): number {
  return Math.min(POSTER_DEFAULTS.atSeconds, durationSeconds * POSTER_DEFAULTS.atFraction);
}

/** One JPEG frame at `atSeconds` (fast seek before the input), optionally scaled to `width`. */
export function posterArgs(options: { input: string; output: string; atSeconds: number; width?: number }): string[] {
  return [
    '-ss',
    formatSeconds(options.atSeconds),
    '-i',
    options.input,
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    ...(options.width ? ['-vf', `scale=${options.width}:-2`] : []),
    '-q:v',
    '2',
    options.output,
  ];
}

export interface StoryboardPlan {
  intervalSeconds: number;
  count: number;
  columns: number;
  rows: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
  durationSeconds: number;
}

/** How many thumbnails, how far apart and in what grid; a long video gets them further apart. */
export function storyboardPlan(options: {
  durationSeconds: number;
  width: number;
  height: number;
  intervalSeconds?: number;
  thumbnailWidth?: number;
  columns?: number;
  maxThumbnails?: number;
}): StoryboardPlan {
  const maxThumbnails = options.maxThumbnails ?? STORYBOARD_DEFAULTS.maxThumbnails;
  const wanted = options.intervalSeconds ?? STORYBOARD_DEFAULTS.intervalSeconds;
  const intervalSeconds = Math.max(wanted, Math.ceil((options.durationSeconds / maxThumbnails) * 10) / 10);
  const count = Math.max(1, Math.ceil(options.durationSeconds / intervalSeconds));
  const columns = Math.min(options.columns ?? STORYBOARD_DEFAULTS.columns, count);
  const thumbnailWidth = even(options.thumbnailWidth ?? STORYBOARD_DEFAULTS.thumbnailWidth);
  return {
    intervalSeconds,
    count,
    columns,
    rows: Math.ceil(count / columns),
    thumbnailWidth,
    thumbnailHeight: even((thumbnailWidth * options.height) / options.width),
    durationSeconds: options.durationSeconds,
  };
}

/**
 * The filter that makes the sprite sheet from decoded frames: one frame every interval, scaled,
 * tiled into one picture. fps as a ratio of integers: 1/interval for any interval, e.g.
 * 1000/18500. eof_action=pass keeps the last thumbnail of a video that ends less than half an
 * interval after it (without it, a video shorter than half an interval gets no thumbnail at all).
 */
export function storyboardFilter(plan: StoryboardPlan): string {
  const fps = `${1000}/${Math.round(plan.intervalSeconds * 1000)}:eof_action=pass`;
  return `fps=${fps},scale=${plan.thumbnailWidth}:${plan.thumbnailHeight},tile=${plan.columns}x${plan.rows}`;
}

/** The options of the sprite's output: one JPEG picture. */
export function storyboardOutputArgs(output: string): string[] {
  return ['-frames:v', '1', '-q:v', '5', output];
}

/** The sprite sheet on its own (a decode of its own; the encode job makes it with the ladder). */
export function storyboardArgs(options: { input: string; output: string; plan: StoryboardPlan }): string[] {
  return [
    '-i',
    options.input,
    '-map',
    '0:v:0',
    '-vf',
    storyboardFilter(options.plan),
    ...storyboardOutputArgs(options.output),
  ];
}

function vttTime(seconds: number): string {
  const milliseconds = Math.round(seconds * 1000);
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor((milliseconds % 3_600_000) / 60_000);
  const rest = (milliseconds % 60_000) / 1000;
  const pad = (value: number, size: number) => String(value).padStart(size, '0');
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${rest.toFixed(3).padStart(6, '0')}`;
}

/** The WebVTT a player reads to show the thumbnail under the cursor: one `#xywh` cue per cell. */
export function storyboardVtt(plan: StoryboardPlan, spriteUrl: string): string {
  const cues: string[] = ['WEBVTT', ''];
  for (let index = 0; index < plan.count; index += 1) {
    const start = index * plan.intervalSeconds;
    const end = Math.min(plan.durationSeconds, start + plan.intervalSeconds);
    const x = (index % plan.columns) * plan.thumbnailWidth;
    const y = Math.floor(index / plan.columns) * plan.thumbnailHeight;
    cues.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `${spriteUrl}#xywh=${x},${y},${plan.thumbnailWidth},${plan.thumbnailHeight}`,
      '',
    );
  }
  return cues.join('\n');
}
