/**
 * Lets a repeated action through at most once per `intervalMs` (spec §9: backspace-delete
 * throttle 300 ms, so that holding Backspace does not empty a whole selection at once).
 */
export function createThrottle(intervalMs: number, now: () => number = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  return function allow(): boolean {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}
