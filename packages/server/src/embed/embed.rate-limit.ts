import type { RateLimits } from '../http/rate-limiter.ts';

/**
 * A crowd's limits on the public page's calls, counted in the cluster's rate limit store
 * (http/rate-limiter.ts), so that its ceilings hold across API processes: the embed's play
 * reports and the chat's posts use it.
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
