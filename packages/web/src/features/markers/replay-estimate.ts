import { preparationSecondsLeft } from '@regie/contract/embed';

/** Below this share done, a job's pace says too little to estimate what is left. */
const MIN_PROGRESS_FOR_ESTIMATE = 3;

/**
 * Seconds a running job has left at its pace so far (contract `preparationSecondsLeft`, the rule
 * the embed page's "being prepared" uses), counted from when it started (its runAt, when a worker
 * could take it, not before its creation). Null while it waits, before it shows progress enough,
 * or when its clock is not to be trusted.
 */
export function remainingSeconds(
  job: { state: string; progress: number; runAt: string; createdAt: string },
  nowMs: number,
): number | null {
  if (job.state !== 'in_progress' || job.progress < MIN_PROGRESS_FOR_ESTIMATE || job.progress >= 100) return null;
  const started = Math.max(Date.parse(job.runAt), Date.parse(job.createdAt));
  const elapsed = (nowMs - started) / 1000;
  if (!Number.isFinite(elapsed) || elapsed <= 0) return null;
  return preparationSecondsLeft(job.progress, elapsed);
}

/** Minutes shown for a remaining time: at least one, rounded up (a promise slightly kept). */
export function remainingMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
