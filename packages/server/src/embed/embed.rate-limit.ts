import type { RateLimits } from '../http/rate-limiter.ts';

/**
 * A crowd's limits on the public page's calls. `createSharedCrowdLimiter` counts in the cluster's
 * rate limit store (http/rate-limiter.ts), so its ceilings hold across API processes: the embed's
 * play reports use it. `createRateLimiter` and `createCrowdLimiter` below count in this process's
 * memory and answer at once (no promise): the chat's posting limits still call them that way,
 * until they move to the shared ones and these go.
 */

/** Which of a crowd limiter's counts refused a call, or null when it may go on. */
export type CrowdRefusal = 'address' | 'caller' | null;

export interface SharedCrowdLimiter {
  /** Counts one call of `caller` (a page view, a chat viewer) from `address`; says which limit it passed, if any. */
  take(address: string, caller: string): Promise<CrowdRefusal>;
}

/**
 * A public call made by the viewers of a page: each viewer (its page's own id) is held to a few
 * a window, and an address to many, because a stadium's shared Wi-Fi or a mobile carrier's NAT is
 * one address for thousands of viewers. The address is counted first: a flood of made-up viewer
 * ids from one address still meets its ceiling.
 */
export function createSharedCrowdLimiter(
  limits: RateLimits,
  crowd: { name: string; perCaller: number; perAddress: number; windowMs: number },
): SharedCrowdLimiter {
  const addresses = limits.shared({
    name: `${crowd.name}-address`,
    points: crowd.perAddress,
    windowMs: crowd.windowMs,
  });
  const callers = limits.shared({ name: `${crowd.name}-caller`, points: crowd.perCaller, windowMs: crowd.windowMs });
  return {
    async take(address, caller) {
      if (!(await addresses.take(address))) return 'address';
      return (await callers.take(caller)) ? null : 'caller';
    },
  };
}

/**
 * A fixed-window counter per key (the caller's address): `take` says whether one more is allowed
 * in the current window. In memory, per process.
 */
export interface RateLimiter {
  take(key: string, nowMs?: number): boolean;
}

/**
 * Windows kept before the old ones are swept, so the map cannot grow without bound. A sweep runs
 * at most once a window: with a crowd of more keys than this (20 000 fans' tokens on a match
 * night), sweeping at each call would walk the whole map every time.
 */
const SWEEP_ABOVE = 10_000;

export function createRateLimiter(max: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let sweptAt = Number.NEGATIVE_INFINITY;
  const sweep = (nowMs: number) => {
    sweptAt = nowMs;
    for (const [key, window] of windows) if (nowMs - window.start >= windowMs) windows.delete(key);
  };
  return {
    take(key, nowMs = Date.now()) {
      if (windows.size > SWEEP_ABOVE && nowMs - sweptAt >= windowMs) sweep(nowMs);
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

export interface CrowdLimiter {
  /** Counts one call of `caller` (a page view, a chat viewer) from `address`; says which limit it passed, if any. */
  take(address: string, caller: string, nowMs?: number): CrowdRefusal;
}

/** createSharedCrowdLimiter's rule, counted in this process's memory. */
export function createCrowdLimiter(limits: { perCaller: number; perAddress: number; windowMs: number }): CrowdLimiter {
  const addresses = createRateLimiter(limits.perAddress, limits.windowMs);
  const callers = createRateLimiter(limits.perCaller, limits.windowMs);
  return {
    take(address, caller, nowMs = Date.now()) {
      if (!addresses.take(address, nowMs)) return 'address';
      return callers.take(caller, nowMs) ? null : 'caller';
    },
  };
}
