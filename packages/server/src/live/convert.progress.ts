import type { ConvertState } from '@regie/contract/live.convert';
import { CONVERT_LIMITS } from '@regie/contract/live.convert';
import type { LiveConversionRow } from '../db/live.table.ts';
import type { TargetReport } from '../simulcast/simulcast.supervisor.ts';

/**
 * A conversion's progress as its supervisor reports it (convert.engine.ts): where it got to in
 * the video, its state in a conversion's words, and when a report is worth a write (a change of
 * state at once, the position every CONVERT_LIMITS.positionEveryMs). Pure: tested alone.
 */
export interface ConversionProgress {
  durationSeconds: number;
  /** Where the current attempt started in the video, seconds. */
  launchedAt: number;
  /** How far it got, seconds. */
  position: number;
  lastWrite: number;
  lastStatus: string;
  finished: boolean;
}

/** The supervisor's status in a conversion's words. */
const STATES: Readonly<Record<TargetReport['status'], ConvertState>> = {
  idle: 'starting',
  starting: 'starting',
  live: 'playing',
  retrying: 'retrying',
  failed: 'failed',
  stopped: 'stopped',
};

/**
 * Takes a report in (the position moves while live) and answers the write it calls for, or null:
 * nothing new yet, or a stop (written by the stop itself, with its end).
 */
export function progressWrite(
  progress: ConversionProgress,
  report: TargetReport,
  now: number,
): Partial<LiveConversionRow> | null {
  if (report.status === 'live') {
    progress.position = Math.min(progress.durationSeconds, progress.launchedAt + report.outTimeUs / 1e6);
  }
  const state: ConvertState = progress.finished ? 'finished' : STATES[report.status];
  const changed = state !== progress.lastStatus;
  if (!changed && now - progress.lastWrite < CONVERT_LIMITS.positionEveryMs) return null;
  progress.lastStatus = state;
  progress.lastWrite = now;
  if (state === 'stopped') return null;
  return {
    state,
    positionSeconds: progress.position,
    restarts: report.restarts,
    lastError: state === 'retrying' || state === 'failed' ? report.lastError : null,
  };
}
