import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Message } from '@regie/contract/messages';
import { SIMULCAST_MESSAGES, type TargetStatus } from '@regie/contract/simulcast';
import { trackChild } from '../ops/processes.ts';
import { createRestreamProgress, type RestreamProgress } from './simulcast.progress.ts';

/** What the supervisor of one target reports after each change. */
export interface TargetReport {
  targetId: number;
  status: TargetStatus;
  bitrateKbps: number | null;
  liveSince: Date | null;
  restarts: number;
  lastError: Message | null;
  /** Position reached in the output, microseconds (the watchdog's measure). */
  outTimeUs: number;
}

export interface SupervisorOptions {
  ffmpeg: string;
  backoff: { initialMs: number; factor: number; maxMs: number };
  /** No progress for this long: the ffmpeg is killed and started again. */
  watchdogMs: number;
  onReport: (report: TargetReport) => void;
  onLog?: (line: string) => void;
  /**
   * A finite source (a video played into a live input, live/convert.engine.ts) that ffmpeg read to
   * its end and exited from cleanly: done, not restarted (the report says 'stopped').
   */
  onFinished?: () => void;
}

/** Where a target reads and writes; the source is asked for at each (re)start. */
export interface TargetPlan {
  targetId: number;
  restarts: number;
  /** The source URL, or a Message saying why there is none (retried with the backoff). */
  source: () => Promise<string | Message>;
  destination: string;
  /** Options before `-i`, asked for at each (re)start (`-re -ss` where a played video resumes). */
  inputOptions?: () => string[];
  /** The source ends (a file): a clean exit is its end, reported by `onFinished`. */
  finite?: boolean;
}

/** ffmpeg dies with the server (see media/ffmpeg.runner.ts). */
const SETPRIV = '/usr/bin/setpriv';
const DIES_WITH_PARENT = process.platform === 'linux' && existsSync(SETPRIV);
const STDERR_TAIL = 600;

/** An HLS playlist over HTTP (an input received by another live node, live/live.source.ts). */
function isHlsPlaylist(source: string): boolean {
  try {
    const url = new URL(source);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.endsWith('.m3u8');
  } catch {
    return false;
  }
}

/**
 * `-c copy` from the source to the target (FLV over RTMP/RTMPS), progress every second on stdout.
 * `inputOptions` go before `-i` (a network source also gets a read timeout). A live HLS playlist
 * is read from its last segment: ffmpeg's default, three segments back, would push seconds late.
 */
export function restreamArgs(source: string, destination: string, inputOptions: readonly string[] = []): string[] {
  const network = /^[a-z][a-z0-9+.-]*:\/\//i.test(source);
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...['-progress', 'pipe:1', '-stats_period', '1'],
    ...(network ? ['-rw_timeout', '10000000'] : []),
    ...(isHlsPlaylist(source) ? ['-live_start_index', '-1'] : []),
    ...inputOptions,
    ...['-i', source],
    ...['-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-f', 'flv', destination],
  ];
}

/** The delay before attempt n (1-based) after a failure: initial × factor^(n-1), capped. */
export function backoffMs(attempt: number, backoff: SupervisorOptions['backoff']): number {
  return Math.min(backoff.maxMs, backoff.initialMs * backoff.factor ** Math.max(0, attempt - 1));
}

function lastLine(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\[[^\]]* @ 0x[0-9a-f]+\]\s*/i, '').trim())
    .filter(Boolean);
  return lines.at(-1) ?? 'ffmpeg exited';
}

/**
 * One target's ffmpeg, kept running until stopped: restarted after a failure with a capped
 * exponential backoff (the count of failures in a row resets once data flows again), and killed
 * then restarted by the watchdog when its output position stops moving.
 */
export class TargetSupervisor {
  private child: ChildProcess | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private stopped = false;
  private failuresInRow = 0;
  private lastProgressAt = 0;
  private pendingError: Message | null = null;
  private exited: Promise<void> = Promise.resolve();
  private report: TargetReport;

  constructor(
    private readonly plan: TargetPlan,
    private readonly options: SupervisorOptions,
  ) {
    this.report = {
      targetId: plan.targetId,
      status: 'starting',
      bitrateKbps: null,
      liveSince: null,
      restarts: plan.restarts,
      lastError: null,
      outTimeUs: 0,
    };
  }

  get current(): TargetReport {
    return { ...this.report };
  }

  start(): void {
    this.emit({ status: 'starting' });
    void this.launch();
  }

  /** Stops for good: kills the ffmpeg, resolves once it is gone. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopWatchdog();
    this.child?.kill('SIGTERM');
    const exited = this.exited;
    const killLater = setTimeout(() => this.child?.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(killLater);
    this.emit({ status: 'stopped', bitrateKbps: null, liveSince: null });
  }

  private emit(change: Partial<TargetReport>): void {
    this.report = { ...this.report, ...change };
    this.options.onReport(this.current);
  }

  private async launch(): Promise<void> {
    this.retryTimer = null;
    if (this.stopped) return;
    const source = await this.plan.source();
    if (this.stopped) return;
    if (typeof source !== 'string') {
      this.fail(source);
      return;
    }
    const args = restreamArgs(source, this.plan.destination, this.plan.inputOptions?.() ?? []);
    const [binary, argv] = DIES_WITH_PARENT
      ? [SETPRIV, ['--pdeathsig', 'KILL', '--', this.options.ffmpeg, ...args]]
      : [this.options.ffmpeg, args];
    const child = spawn(binary, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    trackChild(child);
    this.child = child;
    this.lastProgressAt = Date.now();
    const progress = createRestreamProgress();
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => this.onProgress(progress, chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    this.exited = new Promise((resolve) => {
      child.once('close', (code) => {
        this.child = null;
        this.stopWatchdog();
        if (!this.stopped && code === 0 && this.plan.finite && !this.pendingError) this.finish();
        else if (!this.stopped) this.fail(this.pendingError ?? SIMULCAST_MESSAGES.ffmpegFailed(lastLine(stderr)));
        this.pendingError = null;
        resolve();
      });
      child.once('error', (error) => {
        stderr += error.message;
      });
    });
    this.startWatchdog(child);
  }

  /** A finite source played to its end: nothing more to do. */
  private finish(): void {
    this.stopped = true;
    this.emit({ status: 'stopped', bitrateKbps: null, liveSince: null });
    this.options.onFinished?.();
  }

  private onProgress(progress: RestreamProgress, chunk: string): void {
    for (const block of progress.push(chunk)) {
      // Only a position that moved counts: the watchdog's measure of a living restream.
      if (block.outTimeUs <= this.report.outTimeUs) continue;
      this.lastProgressAt = Date.now();
      this.failuresInRow = 0;
      const becameLive = this.report.status !== 'live';
      this.emit({
        status: 'live',
        outTimeUs: block.outTimeUs,
        bitrateKbps: block.bitrateKbps ?? this.report.bitrateKbps,
        liveSince: becameLive ? new Date() : this.report.liveSince,
      });
    }
  }

  private startWatchdog(child: ChildProcess): void {
    const every = Math.max(100, Math.floor(this.options.watchdogMs / 4));
    this.watchdog = setInterval(() => {
      if (Date.now() - this.lastProgressAt < this.options.watchdogMs) return;
      this.options.onLog?.(`target ${this.plan.targetId}: no progress, restarting`);
      this.pendingError = SIMULCAST_MESSAGES.stalled(Math.round(this.options.watchdogMs / 1000));
      this.stopWatchdog();
      child.kill('SIGKILL');
    }, every);
  }

  private stopWatchdog(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
  }

  /**
   * A failed run: retried after the backoff until stopped; without a source at all (no input
   * chosen) the target fails for good, as only the operator can fix that.
   */
  private fail(error: Message): void {
    if (error.code === SIMULCAST_MESSAGES.sourceMissing.code) {
      this.emit({ status: 'failed', lastError: error, bitrateKbps: null, liveSince: null, outTimeUs: 0 });
      return;
    }
    this.failuresInRow += 1;
    const delay = backoffMs(this.failuresInRow, this.options.backoff);
    this.options.onLog?.(`target ${this.plan.targetId}: ${error.code}, retry in ${delay} ms`);
    this.emit({
      status: 'retrying',
      restarts: this.report.restarts + 1,
      lastError: error,
      bitrateKbps: null,
      liveSince: null,
      outTimeUs: 0,
    });
    this.retryTimer = setTimeout(() => void this.launch(), delay);
  }
}
