import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { MEDIA_MESSAGES } from '@regie/contract/media';
import { trackChild } from '../ops/processes.ts';
import { createProgressParser } from './ffmpeg.progress.ts';
import { FfmpegError, MediaError } from './media.errors.ts';

/** Found on the PATH (Debian's ffmpeg package puts both in /usr/bin). */
export const MEDIA_BINARIES = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } as const;

/**
 * On Linux, ffmpeg and ffprobe run under util-linux's `setpriv --pdeathsig KILL`, so they die with
 * the worker that started them even when it is killed outright (SIGKILL, out of memory). Without
 * it they would go on encoding for nobody: Node ignores SIGPIPE and its children inherit that, so
 * losing their pipes does not stop them.
 */
const SETPRIV = '/usr/bin/setpriv';
const DIES_WITH_PARENT = process.platform === 'linux' && existsSync(SETPRIV);
/** setpriv's exit code when it cannot execute the binary (not installed). */
const SETPRIV_EXEC_FAILED = 127;

/** The binary and arguments to spawn `binary` with (under setpriv on Linux): for callers reading raw output. */
export function mediaCommand(binary: string, args: readonly string[]): [string, string[]] {
  return command(binary, args);
}

function command(binary: string, args: readonly string[]): [string, string[]] {
  return DIES_WITH_PARENT ? [SETPRIV, ['--pdeathsig', 'KILL', '--', binary, ...args]] : [binary, [...args]];
}

const STDERR_TAIL_BYTES = 4_096;
const STDERR_TAIL_LINES = 6;

export interface ProcessOptions {
  signal?: AbortSignal;
  /** Called with each stdout chunk; without it stdout is collected and returned. */
  onStdout?: (chunk: string) => void;
}

export interface ProcessResult {
  stdout: string;
  stderrTail: string;
}

/** The last distinct lines of an error output, without the `[mov,mp4 @ 0x55…]` prefixes, on one line. */
export function tailLines(text: string, count = STDERR_TAIL_LINES): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\[[^\]]* @ 0x[0-9a-f]+\]\s*/i, '').trim())
    .filter(Boolean);
  return [...new Set(lines)].slice(-count).join('; ');
}

/**
 * Runs a binary to its end. Rejects with FfmpegError on a non-zero exit, with the signal's
 * reason when aborted (the process is killed at once), with MediaError when it is not installed.
 */
export function runProcess(
  binary: string,
  args: readonly string[],
  options: ProcessOptions = {},
): Promise<ProcessResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const child = spawn(...command(binary, args), { stdio: ['ignore', 'pipe', 'pipe'] });
    trackChild(child);
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (error: unknown, result?: ProcessResult) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (error !== undefined) reject(error);
      else if (result) resolve(result);
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(signal?.reason ?? new Error('Aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(
        error.code === 'ENOENT'
          ? new MediaError('tooling', MEDIA_MESSAGES.notInstalled(binary), { cause: error })
          : error,
      );
    });
    child.on('close', (code) => {
      const stderrTail = tailLines(stderr);
      if (code === 0) finish(undefined, { stdout, stderrTail });
      else if (DIES_WITH_PARENT && code === SETPRIV_EXEC_FAILED && stderr.startsWith('setpriv: failed to execute')) {
        finish(new MediaError('tooling', MEDIA_MESSAGES.notInstalled(binary)));
      } else finish(new FfmpegError(binary, code, stderrTail));
    });
  });
}

export interface FfmpegRunOptions {
  /** Seconds of output expected; with it, onProgress gets percentages. */
  durationSeconds?: number | null;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The options every ffmpeg run gets: overwrite, no prompt, errors only, progress on stdout. */
export const FFMPEG_COMMON_ARGS = [
  '-hide_banner',
  '-nostdin',
  '-y',
  '-loglevel',
  'error',
  '-progress',
  'pipe:1',
  '-nostats',
];

/** Runs ffmpeg with `args` (from the builders), reporting progress until 100 at the end. */
export async function runFfmpeg(args: readonly string[], options: FfmpegRunOptions = {}): Promise<void> {
  const parser = createProgressParser(options.durationSeconds ?? null);
  const { onProgress } = options;
  await runProcess(MEDIA_BINARIES.ffmpeg, [...FFMPEG_COMMON_ARGS, ...args], {
    ...(options.signal ? { signal: options.signal } : {}),
    onStdout: (chunk) => {
      const percent = parser.push(chunk);
      if (percent !== null) onProgress?.(percent);
    },
  });
}
