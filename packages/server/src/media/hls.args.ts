import { join } from 'node:path';
import {
  HLS_LADDER,
  HLS_MASTER_PLAYLIST,
  HLS_RUNG_PLAYLIST,
  HLS_SEGMENT_SECONDS,
  LADDER_BUFSIZE_RATIO,
  LADDER_MAXRATE_RATIO,
  type LadderRung,
  ladderFor,
} from '@regie/contract/media';
import { type StoryboardPlan, storyboardFilter, storyboardOutputArgs } from './thumbnails.args.ts';
import { type WatermarkOverlay, watermarkFilters } from './watermark.args.ts';

export interface HlsLadderOptions {
  input: string;
  /** Gets master.m3u8 and one folder per rung (index.m3u8 + segments). */
  outputDir: string;
  /** Of the picture as displayed (rotation applied). */
  sourceWidth: number;
  sourceHeight: number;
  hasAudio: boolean;
  /** Frames per second, when known: the GOP is then exactly one segment long. */
  fps: number | null;
  ladder?: readonly LadderRung[];
  segmentSeconds?: number;
  /** The storyboard sprite too, from the same decode (a second output of the same process). */
  storyboard?: { output: string; plan: StoryboardPlan };
  /** The account's logo, burned in once before the split: every rung (and the storyboard) shows it alike. */
  watermark?: WatermarkOverlay | null;
}

/** The rungs of a source: by its short side, so a portrait (9:16) video keeps its sharpness. */
export function rungsFor(options: Pick<HlsLadderOptions, 'sourceWidth' | 'sourceHeight' | 'ladder'>): LadderRung[] {
  return ladderFor(Math.min(options.sourceWidth, options.sourceHeight), options.ladder ?? HLS_LADDER);
}

/**
 * One ffmpeg process for the whole ladder: the video is decoded once, split and scaled per rung,
 * each rung encoded with libx264 (veryfast, capped VBR) and AAC, and written as HLS with a master
 * playlist. Keyframes are forced every segmentSeconds with no scene-cut keyframes, so every rung
 * cuts its segments at the same instants and a player can switch rungs at any segment.
 */
export function hlsLadderArgs(options: HlsLadderOptions): string[] {
  const segmentSeconds = options.segmentSeconds ?? HLS_SEGMENT_SECONDS;
  const rungs = rungsFor(options);
  const portrait = options.sourceWidth < options.sourceHeight;
  const branches = rungs.map((_, index) => `[v${index}]`);
  if (options.storyboard) branches.push('[sb]');
  // The watermark is laid over the decoded picture once, at the source's width, then split: one
  // overlay for the whole ladder, and the same place and size on every rung once scaled.
  const watermark = options.watermark
    ? watermarkFilters('[0:v:0]', 1, options.sourceWidth, options.watermark, '[marked]')
    : [];
  const split = `${watermark.length > 0 ? '[marked]' : '[0:v:0]'}split=${branches.length}${branches.join('')}`;
  const scales = rungs.map((rung, index) => {
    const size = portrait ? `${rung.height}:-2` : `-2:${rung.height}`;
    return `[v${index}]scale=${size},format=yuv420p[v${index}out]`;
  });
  if (options.storyboard) scales.push(`[sb]${storyboardFilter(options.storyboard.plan)}[sbout]`);
  const inputs = ['-i', options.input, ...(options.watermark ? ['-i', options.watermark.image] : [])];
  const args = [...inputs, '-filter_complex', [...watermark, split, ...scales].join(';')];

  rungs.forEach((rung, index) => {
    const kbps = rung.videoBitrateKbps;
    args.push(
      '-map',
      `[v${index}out]`,
      `-c:v:${index}`,
      'libx264',
      `-b:v:${index}`,
      `${kbps}k`,
      `-maxrate:v:${index}`,
      `${Math.round(kbps * LADDER_MAXRATE_RATIO)}k`,
      `-bufsize:v:${index}`,
      `${Math.round(kbps * LADDER_BUFSIZE_RATIO)}k`,
    );
  });
  if (options.hasAudio) {
    rungs.forEach((rung, index) => {
      args.push('-map', '0:a:0', `-c:a:${index}`, 'aac', `-b:a:${index}`, `${rung.audioBitrateKbps}k`);
    });
    args.push('-ac', '2');
  }

  args.push('-preset', 'veryfast', '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${segmentSeconds})`);
  if (options.fps && options.fps > 0) {
    const gop = String(Math.round(options.fps * segmentSeconds));
    args.push('-g', gop, '-keyint_min', gop);
  }

  const streamMap = rungs
    .map((rung, index) =>
      options.hasAudio ? `v:${index},a:${index},name:${rung.name}` : `v:${index},name:${rung.name}`,
    )
    .join(' ');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    join(options.outputDir, '%v', 'segment_%03d.ts'),
    '-master_pl_name',
    HLS_MASTER_PLAYLIST,
    '-var_stream_map',
    streamMap,
    join(options.outputDir, '%v', HLS_RUNG_PLAYLIST),
  );
  if (options.storyboard) args.push('-map', '[sbout]', ...storyboardOutputArgs(options.storyboard.output));
  return args;
}
