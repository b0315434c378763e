import { AUTH_MESSAGES, type LoginBody, type LoginResponse } from '@regie/contract/auth';
import { eq } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/users.table.ts';
import { unauthorized } from '../http/http.errors.ts';
import { assertNotThrottled, recordFailure } from './login-throttle.service.ts';
import { verifyPassword } from './password.service.ts';
import { createSession } from './sessions.service.ts';

/** Usernames are case-insensitive: stored and compared lowercased. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * Signs in: throttle first, then one password verification whether or not the user exists,
 * and the same 401 for an unknown user and a wrong password.
 */
export async function login(db: Db, body: LoginBody, ip: string): Promise<LoginResponse> {
  const attempt = { username: normaliseUsername(body.username), ip };
  await assertNotThrottled(db, attempt);
  const [found] = await db
    .select({ user: users, accountKey: accounts.accountKey })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.username, attempt.username))
    .limit(1);
  const valid = await verifyPassword(found?.user.passwordHash ?? null, body.password);
  // A disabled user gets the same answer as a wrong password: nothing to learn from it.
  if (!found || !valid || found.user.disabled) {
    await recordFailure(db, attempt);
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  const session = await createSession(db, found.user.id);
  return {
    accessToken: session.token,
    expiresAt: session.expiresAt.toISOString(),
    id: found.user.id,
    username: found.user.username,
    AccountId: found.user.accountId,
    accountKey: found.accountKey,
  };
}
