import { messageCatalog } from './messages.ts';

/**
 * Media constants shared by the server's ffmpeg adapter and the web player (no zod): the HLS
 * ladder, segment length, storyboard and poster defaults, and the technical metadata of a file.
 */

export interface LadderRung {
  /** Also the folder of the rung's playlist and segments, and its NAME in the master playlist. */
  name: string;
  height: number;
  videoBitrateKbps: number;
  audioBitrateKbps: number;
}

/** Highest first. A source gets the rungs at or below its own height: never an upscale. */
export const HLS_LADDER: readonly LadderRung[] = [
  { name: '1080p', height: 1080, videoBitrateKbps: 5_000, audioBitrateKbps: 128 },
  { name: '720p', height: 720, videoBitrateKbps: 2_800, audioBitrateKbps: 128 },
  { name: '480p', height: 480, videoBitrateKbps: 1_400, audioBitrateKbps: 96 },
  { name: '360p', height: 360, videoBitrateKbps: 800, audioBitrateKbps: 96 },
];

/** Peak rate and decoder buffer relative to the average bitrate (capped VBR, HLS friendly). */
export const LADDER_MAXRATE_RATIO = 1.07;
export const LADDER_BUFSIZE_RATIO = 1.5;

/** Every segment starts on a keyframe placed exactly every this many seconds. */
export const HLS_SEGMENT_SECONDS = 6;
export const HLS_MASTER_PLAYLIST = 'master.m3u8';
export const HLS_RUNG_PLAYLIST = 'index.m3u8';

export const STORYBOARD_DEFAULTS = {
  /** One thumbnail every this many seconds, more apart for long videos (see maxThumbnails). */
  intervalSeconds: 5,
  thumbnailWidth: 160,
  columns: 10,
  /** Keeps the sprite sheet well under JPEG's 65,535 px limit and a reasonable download. */
  maxThumbnails: 400,
} as const;

export const POSTER_DEFAULTS = {
  /** Seconds into the video, or 10 % of it for a shorter one: past black openings. */
  atSeconds: 3,
  atFraction: 0.1,
} as const;

/** Job types of the media adapter itself. */
export const MEDIA_JOB_TYPES = {
  /** Reads a data-folder file's technical metadata into the job's result. */
  probe: 'media.probe',
} as const;

/** What ffprobe tells of a playable video file. */
export interface TechnicalMetadata {
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  hasAudio: boolean;
  /** Whole file, bits per second; null when the container does not say. */
  bitrate: number | null;
  /** Frames per second, e.g. 25 or 29.97; null when unknown. */
  fps: number | null;
  formatName: string;
  sizeBytes: number | null;
}

/** The rungs a source of this height is encoded to; a source below the lowest rung keeps its height. */
export function ladderFor(sourceHeight: number, ladder: readonly LadderRung[] = HLS_LADDER): LadderRung[] {
  const rungs = ladder.filter((rung) => rung.height <= sourceHeight);
  if (rungs.length > 0) return rungs;
  const lowest = ladder[ladder.length - 1];
  if (!lowest) return [];
  const height = Math.max(2, Math.floor(sourceHeight / 2) * 2);
  return [{ ...lowest, name: `${height}p`, height }];
}

/**
 * Why a media file or operation cannot work (the server's ffmpeg adapter): they become the
 * reason of a failed job and of a failed video. A reason ffmpeg or ffprobe gave stays in its
 * words, as a parameter.
 */
export const MEDIA_MESSAGES = messageCatalog('MEDIA_MESSAGES', {
  notVideo: (reason: string) => `The file is not a video ffmpeg can read: ${reason}`,
  missing: (path: string) => `The file does not exist: ${path}`,
  notInstalled: (binary: string) => `${binary} is not installed or not on the PATH`,
  badCut: (inSeconds: number, outSeconds: number, durationSeconds: number) =>
    `A cut must start before it ends and stay within the video (asked ${inSeconds}–${outSeconds} s of ${durationSeconds} s)`,
  /** ffmpeg or ffprobe ended with an error: its last lines of error output. */
  toolFailed: (command: string, exitCode: number | null, stderrTail: string) =>
    `${command} failed (exit code ${exitCode ?? 'none'}): ${stderrTail || 'no error output'}`,
  outsideDataDir: 'The path must stay inside the data folder',
});
