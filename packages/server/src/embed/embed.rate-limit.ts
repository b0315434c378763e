/**
 * A fixed-window counter per key (the caller's address): `take` says whether one more is allowed
 * in the current window. In memory, per process: it only has to stop one address from inflating
 * the counts, not to be exact across processes.
 */
export interface RateLimiter {
  take(key: string, nowMs?: number): boolean;
}

/** Windows kept before the old ones are swept, so the map cannot grow without bound. */
const SWEEP_ABOVE = 10_000;

export function createRateLimiter(max: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = (nowMs: number) => {
    for (const [key, window] of windows) if (nowMs - window.start >= windowMs) windows.delete(key);
  };
  return {
    take(key, nowMs = Date.now()) {
      if (windows.size > SWEEP_ABOVE) sweep(nowMs);
      const window = windows.get(key);
      if (!window || nowMs - window.start >= windowMs) {
        windows.set(key, { start: nowMs, count: 1 });
        return true;
      }
      if (window.count >= max) return false;
      window.count += 1;
      return true;
    },
  };
}
