/**
 * Throttles a job's progress: reports arrive as often as ffmpeg prints them (several a second);
 * the row and the realtime event are written at most once per interval, always with the latest
 * value, and the last value is never lost (a trailing write follows the last report).
 */
export interface ProgressReporter {
  report(percent: number): void;
  /** Stops reporting; resolves when the write in flight, if any, is over. */
  stop(): Promise<void>;
}

export function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

export function createProgressReporter(
  write: (percent: number) => Promise<void>,
  options: { intervalMs: number; onError: (error: unknown) => void; now?: () => number },
): ProgressReporter {
  const now = options.now ?? Date.now;
  let latest = 0;
  let written = 0;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> = Promise.resolve();
  let stopped = false;

  const flush = () => {
    timer = null;
    if (stopped || latest === written) return;
    const value = latest;
    written = value;
    lastWriteAt = now();
    inFlight = inFlight.then(() => write(value)).catch(options.onError);
  };

  return {
    report(percent) {
      const value = clampProgress(percent);
      if (stopped || value === latest) return;
      latest = value;
      if (timer) return;
      timer = setTimeout(flush, Math.max(0, lastWriteAt + options.intervalMs - now()));
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      return inFlight;
    },
  };
}
