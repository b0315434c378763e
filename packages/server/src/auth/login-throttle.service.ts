import { LOGIN_LIMITS, tooManyLoginAttemptsMessage } from '@regie/contract/auth';
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { loginFailures } from '../db/sessions.table.ts';
import { HttpError } from '../http/http.errors.ts';

/**
 * Sign-in throttle, kept in the database so every API process shares it: once a username (or a
 * client address) has LOGIN_LIMITS failures inside the window, every attempt for it gets 429,
 * a correct password included, until the oldest of those failures leaves the window.
 */
export interface LoginAttempt {
  username: string;
  ip: string;
}

/** Seconds until the key is free again, or 0 when it is not locked. */
async function lockedFor(
  db: Db,
  column: typeof loginFailures.username | typeof loginFailures.ip,
  value: string,
  limit: number,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_LIMITS.windowMs);
  const recent = and(eq(column, value), gt(loginFailures.at, windowStart));
  const [counted] = await db.select({ total: count() }).from(loginFailures).where(recent);
  const total = counted?.total ?? 0;
  if (total < limit) return 0;
  // The lock lifts when fewer than `limit` failures remain in the window.
  const [unlocking] = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(recent)
    .orderBy(asc(loginFailures.at))
    .offset(total - limit)
    .limit(1);
  const freeAt = (unlocking?.at.getTime() ?? now.getTime()) + LOGIN_LIMITS.windowMs;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/** Throws 429 with Retry-After when the username or the address is locked. */
export async function assertNotThrottled(db: Db, attempt: LoginAttempt, now = new Date()): Promise<void> {
  const seconds = Math.max(
    await lockedFor(db, loginFailures.username, attempt.username, LOGIN_LIMITS.failuresPerUsername, now),
    await lockedFor(db, loginFailures.ip, attempt.ip, LOGIN_LIMITS.failuresPerIp, now),
  );
  if (seconds === 0) return;
  throw new HttpError(429, tooManyLoginAttemptsMessage(seconds), { headers: { 'retry-after': String(seconds) } });
}

export async function recordFailure(db: Db, attempt: LoginAttempt, now = new Date()): Promise<void> {
  await db.insert(loginFailures).values({ username: attempt.username, ip: attempt.ip, at: now });
  // Old failures no longer count: drop them as we go instead of running a cleaner.
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - LOGIN_LIMITS.windowMs)));
}
