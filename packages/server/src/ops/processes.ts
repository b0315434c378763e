import type { ChildProcess } from 'node:child_process';

/**
 * The ffmpeg and ffprobe children this process runs now (jobs, live packagers, simulcast
 * targets): counted here by each place that spawns one, read by the metrics (ops/metrics.ts).
 */
let running = 0;

/** Counts `child` until it exits; a child that failed to start (no pid) is not counted. */
export function trackChild(child: ChildProcess): void {
  if (child.pid === undefined) return;
  running += 1;
  child.once('exit', () => {
    running -= 1;
  });
}

export function runningChildren(): number {
  return running;
}
