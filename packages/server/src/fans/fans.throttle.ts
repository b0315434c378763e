import { FAN_AUTH_LIMITS, FANS_MESSAGES } from '@regie/contract/fans';
import type { Message } from '@regie/contract/messages';
import { HttpError } from '../http/http.errors.ts';
import type { Limit, RateLimits } from '../http/rate-limiter.ts';

/**
 * The fans' sign-in and sign-up throttle (contract FAN_AUTH_LIMITS), counted in the cluster's rate
 * limit store (http/rate-limiter.ts) so every API process sees the same counts. Sign-in counts
 * failures only, per (address, email), per email and per address with a high ceiling: a
 * stadium's crowd behind one NAT address signs in, one email guessed at is locked, a spray over
 * many emails from one address stops at the ceiling. A window starts at a key's first failure
 * and lasts FAN_AUTH_LIMITS.windowMs; a key past its limit is refused, a right password
 * included, until its window ends (the 429's Retry-After).
 */
export interface FanAuthKey {
  accountId: number;
  /** '' for a call that names no email (a confirmation code): counted per address only. */
  email: string;
  ip: string;
}

export interface FanThrottle {
  /** 429 with Retry-After when the address, the email, or the email from this address is locked. */
  assertSigninAllowed(key: FanAuthKey): Promise<void>;
  /** 429 with Retry-After past FAN_AUTH_LIMITS' sign-ups per email (its mailbox) or per address. */
  assertSignupAllowed(key: FanAuthKey): Promise<void>;
  recordFailure(key: FanAuthKey): Promise<void>;
  recordSignup(key: FanAuthKey): Promise<void>;
}

function tooMany(seconds: number, message: (minutes: number) => Message): HttpError {
  return new HttpError(429, message(Math.max(1, Math.ceil(seconds / 60))), {
    headers: { 'retry-after': String(seconds) },
  });
}

/** A club's email, and a club's email from one address (an address is the same in every club). */
const ofEmail = (key: FanAuthKey) => JSON.stringify([key.accountId, key.email]);
const ofEmailAndAddress = (key: FanAuthKey) => JSON.stringify([key.accountId, key.email, key.ip]);

async function longestLock(checks: readonly [Limit, string][]): Promise<number> {
  const locks = await Promise.all(checks.map(([limit, key]) => limit.lockedFor(key)));
  return Math.max(0, ...locks);
}

export function createFanThrottle(limits: RateLimits): FanThrottle {
  const windowMs = FAN_AUTH_LIMITS.windowMs;
  const failures = {
    byAddress: limits.shared({ name: 'fan-failures-address', points: FAN_AUTH_LIMITS.failuresPerAddress, windowMs }),
    byEmail: limits.shared({ name: 'fan-failures-email', points: FAN_AUTH_LIMITS.failuresPerEmail, windowMs }),
    byEmailAndAddress: limits.shared({
      name: 'fan-failures-email-address',
      points: FAN_AUTH_LIMITS.failuresPerAddressAndEmail,
      windowMs,
    }),
  };
  const signups = {
    byAddress: limits.shared({ name: 'fan-signups-address', points: FAN_AUTH_LIMITS.signupsPerAddress, windowMs }),
    byEmail: limits.shared({ name: 'fan-signups-email', points: FAN_AUTH_LIMITS.signupsPerEmail, windowMs }),
  };
  const failureChecks = (key: FanAuthKey): [Limit, string][] =>
    key.email === ''
      ? [[failures.byAddress, key.ip]]
      : [
          [failures.byAddress, key.ip],
          [failures.byEmailAndAddress, ofEmailAndAddress(key)],
          [failures.byEmail, ofEmail(key)],
        ];
  const signupChecks = (key: FanAuthKey): [Limit, string][] => [
    [signups.byEmail, ofEmail(key)],
    [signups.byAddress, key.ip],
  ];
  return {
    async assertSigninAllowed(key) {
      const seconds = await longestLock(failureChecks(key));
      if (seconds > 0) throw tooMany(seconds, FANS_MESSAGES.tooManySignins);
    },
    async assertSignupAllowed(key) {
      const seconds = await longestLock(signupChecks(key));
      if (seconds > 0) throw tooMany(seconds, FANS_MESSAGES.tooManySignups);
    },
    async recordFailure(key) {
      await Promise.all(failureChecks(key).map(([limit, counted]) => limit.add(counted)));
    },
    async recordSignup(key) {
      await Promise.all(signupChecks(key).map(([limit, counted]) => limit.add(counted)));
    },
  };
}
