import { AUDIT_AUTH_RESOURCE } from '@regie/contract/audit';
import { AUTH_MESSAGES, type LoginBody, type LoginResponse } from '@regie/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { users } from '../db/users.table.ts';
import { unauthorized } from '../http/http.errors.ts';
import type { LoginThrottle } from './login-throttle.service.ts';
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
export async function login(
  db: Db,
  throttle: LoginThrottle,
  body: LoginBody,
  request: FastifyRequest,
): Promise<LoginResponse> {
  const attempt = { username: normaliseUsername(body.username), ip: request.ip };
  await throttle.assertNotThrottled(attempt);
  const [found] = await db
    .select({ user: users, accountKey: accounts.accountKey })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.username, attempt.username))
    .limit(1);
  const valid = await verifyPassword(found?.user.passwordHash ?? null, body.password);
  // A disabled user gets the same answer as a wrong password: nothing to learn from it.
  if (!found || !valid || found.user.disabled) {
    await throttle.recordFailure(attempt);
    await transaction(db, async (tx) => {
      // A known user's account sees the attempts on its users; an unknown name is the platform's.
      await writeAudit(
        tx,
        { ...auditSourceOf(request, null), userId: found?.user.id ?? null, userName: attempt.username },
        {
          accountId: found?.user.accountId ?? null,
          resource: AUDIT_AUTH_RESOURCE,
          resourceId: found?.user.id ?? null,
          action: 'sign-in-failed',
          changes: {},
        },
      );
    });
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  const { user } = found;
  const session = await transaction(db, async (tx) => {
    const opened = await createSession(tx, user.id);
    // The entry is in the user's own account, which only its own people read: whether they are a
    // platform administrator (what hides an address from a customer) needs no lookup of roles.
    const who = { user: { id: user.id, name: user.name, isAdmin: false, accountId: user.accountId }, simulated: false };
    await writeAudit(tx, auditSourceOf(request, who), {
      accountId: user.accountId,
      resource: AUDIT_AUTH_RESOURCE,
      resourceId: user.id,
      action: 'sign-in',
      changes: {},
    });
    return opened;
  });
  return {
    accessToken: session.token,
    expiresAt: session.expiresAt.toISOString(),
    id: found.user.id,
    username: found.user.username,
    AccountId: found.user.accountId,
    accountKey: found.accountKey,
  };
}
