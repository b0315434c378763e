import { LOGIN_LIMITS, tooManyLoginAttemptsMessage } from '@regie/contract/auth';
import { HttpError } from '../http/http.errors.ts';
import type { RateLimits } from '../http/rate-limiter.ts';

/**
 * Sign-in throttle, counted in the cluster's rate limit store (http/rate-limiter.ts) so every API
 * process shares it: once a username (or a client address) has LOGIN_LIMITS failures in its
 * window (which starts at its first failure and lasts LOGIN_LIMITS.windowMs), every attempt for
 * it gets 429, a correct password included, until the window ends. Locked attempts are not
 * counted: the caller checks before it verifies the password.
 */
export interface LoginAttempt {
  username: string;
  ip: string;
}

export interface LoginThrottle {
  /** Throws 429 with Retry-After when the username or the address is locked. */
  assertNotThrottled(attempt: LoginAttempt): Promise<void>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
}

export function createLoginThrottle(limits: RateLimits): LoginThrottle {
  const windowMs = LOGIN_LIMITS.windowMs;
  const byUsername = limits.shared({ name: 'login-username', points: LOGIN_LIMITS.failuresPerUsername, windowMs });
  const byAddress = limits.shared({ name: 'login-address', points: LOGIN_LIMITS.failuresPerIp, windowMs });
  return {
    async assertNotThrottled(attempt) {
      const seconds = Math.max(
        ...(await Promise.all([byUsername.lockedFor(attempt.username), byAddress.lockedFor(attempt.ip)])),
      );
      if (seconds === 0) return;
      throw new HttpError(429, tooManyLoginAttemptsMessage(seconds), { headers: { 'retry-after': String(seconds) } });
    },
    async recordFailure(attempt) {
      await Promise.all([byUsername.add(attempt.username), byAddress.add(attempt.ip)]);
    },
  };
}
