import { MEDIA_MESSAGES } from '@regie/contract/media';
import { MediaError } from './media.errors.ts';
import { formatSeconds } from './thumbnails.args.ts';

export interface CutPlan {
  /** copy: both points on keyframes, packets copied as they are (fast, lossless). */
  mode: 'copy' | 'encode';
  inSeconds: number;
  outSeconds: number;
}

/** Two times closer than this are the same instant (ffprobe prints microseconds). */
const SAME_INSTANT_SECONDS = 0.001;

/**
 * Stream copy is exact only when the cut starts on a keyframe (a copy can only start on one)
 * and ends on one or at the end of the file; otherwise the cut is re-encoded.
 */
export function cutPlan(options: {
  inSeconds: number;
  outSeconds: number;
  durationSeconds: number;
  keyframes: readonly number[];
  toleranceSeconds?: number;
}): CutPlan {
  const { inSeconds, outSeconds, durationSeconds } = options;
  const tolerance = options.toleranceSeconds ?? SAME_INSTANT_SECONDS;
  if (!(inSeconds >= 0 && outSeconds > inSeconds && outSeconds <= durationSeconds + tolerance)) {
    throw new MediaError('invalid', MEDIA_MESSAGES.badCut(inSeconds, outSeconds, durationSeconds));
  }
  const onKeyframe = (time: number) => options.keyframes.some((keyframe) => Math.abs(keyframe - time) <= tolerance);
  const endsOnKeyframe = onKeyframe(outSeconds) || outSeconds >= durationSeconds - tolerance;
  return { mode: onKeyframe(inSeconds) && endsOnKeyframe ? 'copy' : 'encode', inSeconds, outSeconds };
}

/** The cut as an MP4, its timestamps starting at zero, ready for progressive playback. */
export function cutArgs(options: { input: string; output: string; plan: CutPlan }): string[] {
  const { plan } = options;
  const head = [
    '-ss',
    formatSeconds(plan.inSeconds),
    '-i',
    options.input,
    '-t',
    formatSeconds(plan.outSeconds - plan.inSeconds),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
  ];
  const codecs =
    plan.mode === 'copy'
      ? ['-c', 'copy', '-avoid_negative_ts', 'make_zero']
      : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'];
  return [...head, ...codecs, '-movflags', '+faststart', options.output];
}

export interface TimeWindow {
  fromSeconds: number;
  toSeconds: number;
}

/** The windows sorted, those that overlap or touch merged into one. */
export function mergeWindows(windows: readonly TimeWindow[]): TimeWindow[] {
  const merged: TimeWindow[] = [];
  for (const window of [...windows].sort((a, b) => a.fromSeconds - b.fromSeconds)) {
    const last = merged.at(-1);
    if (last && window.fromSeconds <= last.toSeconds) last.toSeconds = Math.max(last.toSeconds, window.toSeconds);
    else merged.push({ ...window });
  }
  return merged;
}

/**
 * ffprobe listing the video packets' times and flags (no decoding: fast). With windows, only
 * those parts of the file are read (each from the keyframe before its start), in one process.
 */
export function keyframeProbeArgs(input: string, windows?: TimeWindow | readonly TimeWindow[]): string[] {
  const list = windows === undefined ? [] : mergeWindows('fromSeconds' in windows ? [windows] : windows);
  const intervals = list.map((window) => `${formatSeconds(window.fromSeconds)}%${formatSeconds(window.toSeconds)}`);
  return [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    ...(intervals.length > 0 ? ['-read_intervals', intervals.join(',')] : []),
    '-show_entries',
    'packet=pts_time,flags',
    '-of',
    'csv=print_section=0',
    input,
  ];
}

/** Keyframe times, ascending, from keyframeProbeArgs' output (`0.040000,K__` lines). */
export function parseKeyframes(output: string): number[] {
  const times = new Set<number>();
  for (const line of output.split('\n')) {
    const [time, flags] = line.trim().split(',');
    if (!time || !flags?.includes('K')) continue;
    const seconds = Number(time);
    if (Number.isFinite(seconds)) times.add(seconds);
  }
  return [...times].sort((a, b) => a - b);
}
