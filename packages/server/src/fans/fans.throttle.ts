import { FAN_AUTH_LIMITS, FANS_MESSAGES } from '@regie/contract/fans';
import type { Message } from '@regie/contract/messages';
import { and, asc, count, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fanAuthAttempts } from '../db/fans.table.ts';
import { HttpError } from '../http/http.errors.ts';

/**
 * The fans' sign-in and sign-up throttle (contract FAN_AUTH_LIMITS), in the database so every API
 * process sees the same counts. Sign-in counts failures only, per (address, email), per email and
 * per address with a high ceiling: a stadium's crowd behind one NAT address signs in, one email
 * guessed at is locked, a spray over many emails from one address stops at the ceiling.
 */
export interface FanAuthKey {
  accountId: number;
  /** '' for a call that names no email (a confirmation code). */
  email: string;
  ip: string;
}

type Kind = 'failure' | 'signup';

/** Seconds until fewer than `limit` rows matching `where` remain in the window; 0: not locked. */
async function lockedFor(db: Db, where: SQL | undefined, limit: number, now: Date): Promise<number> {
  const recent = and(where, gt(fanAuthAttempts.at, new Date(now.getTime() - FAN_AUTH_LIMITS.windowMs)));
  const [counted] = await db.select({ total: count() }).from(fanAuthAttempts).where(recent);
  const total = counted?.total ?? 0;
  if (total < limit) return 0;
  const [unlocking] = await db
    .select({ at: fanAuthAttempts.at })
    .from(fanAuthAttempts)
    .where(recent)
    .orderBy(asc(fanAuthAttempts.at))
    .offset(total - limit)
    .limit(1);
  const freeAt = (unlocking?.at.getTime() ?? now.getTime()) + FAN_AUTH_LIMITS.windowMs;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

function tooMany(seconds: number, message: (minutes: number) => Message): HttpError {
  return new HttpError(429, message(Math.max(1, Math.ceil(seconds / 60))), {
    headers: { 'retry-after': String(seconds) },
  });
}

const ofKind = (kind: Kind) => eq(fanAuthAttempts.kind, kind);
const ofEmail = (key: FanAuthKey) =>
  and(eq(fanAuthAttempts.accountId, key.accountId), eq(fanAuthAttempts.email, key.email));

/** 429 with Retry-After when the address, the email, or the email from this address is locked. */
export async function assertSigninAllowed(db: Db, key: FanAuthKey, now = new Date()): Promise<void> {
  const failures = ofKind('failure');
  const byAddress = lockedFor(
    db,
    and(failures, eq(fanAuthAttempts.ip, key.ip)),
    FAN_AUTH_LIMITS.failuresPerAddress,
    now,
  );
  const checks = [byAddress];
  if (key.email !== '') {
    checks.push(
      lockedFor(
        db,
        and(failures, ofEmail(key), eq(fanAuthAttempts.ip, key.ip)),
        FAN_AUTH_LIMITS.failuresPerAddressAndEmail,
        now,
      ),
      lockedFor(db, and(failures, ofEmail(key)), FAN_AUTH_LIMITS.failuresPerEmail, now),
    );
  }
  const seconds = Math.max(...(await Promise.all(checks)));
  if (seconds > 0) throw tooMany(seconds, FANS_MESSAGES.tooManySignins);
}

/** 429 with Retry-After past FAN_AUTH_LIMITS' sign-ups per email (its mailbox) or per address. */
export async function assertSignupAllowed(db: Db, key: FanAuthKey, now = new Date()): Promise<void> {
  const signups = ofKind('signup');
  const seconds = Math.max(
    await lockedFor(db, and(signups, ofEmail(key)), FAN_AUTH_LIMITS.signupsPerEmail, now),
    await lockedFor(db, and(signups, eq(fanAuthAttempts.ip, key.ip)), FAN_AUTH_LIMITS.signupsPerAddress, now),
  );
  if (seconds > 0) throw tooMany(seconds, FANS_MESSAGES.tooManySignups);
}

/** Counts a failure or a sign-up; rows past the window go as we write (no cleaner to run). */
export async function recordAttempt(db: Db, kind: Kind, key: FanAuthKey, now = new Date()): Promise<void> {
  await db.insert(fanAuthAttempts).values({ kind, ...key, at: now });
  await db.delete(fanAuthAttempts).where(lt(fanAuthAttempts.at, new Date(now.getTime() - FAN_AUTH_LIMITS.windowMs)));
}
