/**
 * A media file or operation that cannot work as asked: the message is meant for people (it
 * becomes a job's lastError) and retrying will not change it.
 */
export class MediaError extends Error {
  /** missing: no such file; unreadable: not a playable video; invalid: a bad request; tooling: no ffmpeg. */
  readonly code: 'missing' | 'unreadable' | 'invalid' | 'tooling';

  constructor(code: MediaError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaError';
    this.code = code;
  }
}

/** ffmpeg or ffprobe ended with an error; stderrTail holds its last lines. */
export class FfmpegError extends Error {
  readonly exitCode: number | null;
  readonly stderrTail: string;

  constructor(command: string, exitCode: number | null, stderrTail: string) {
    super(`${command} failed (exit code ${exitCode ?? 'none'}): ${stderrTail || 'no error output'}`);
    this.name = 'FfmpegError';
    this.exitCode = exitCode;
    this.stderrTail = stderrTail;
  }
}

export const MEDIA_MESSAGES = {
  notVideo: (reason: string) => `The file is not a video ffmpeg can read: ${reason}`,
  missing: (path: string) => `The file does not exist: ${path}`,
  notInstalled: (binary: string) => `${binary} is not installed or not on the PATH`,
  badCut: (inSeconds: number, outSeconds: number, durationSeconds: number) =>
    `A cut must start before it ends and stay within the video (asked ${inSeconds}–${outSeconds} s of ${durationSeconds} s)`,
} as const;
