import { ACTING_MESSAGES, type ActingSession, type actingBody } from '@regie/contract/acting';
import { accountsResource } from '@regie/contract/resources/accounts';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { actingSessions, sessions } from '../db/sessions.table.ts';
import { type Transaction, transaction } from '../db/transactions.ts';
import { badRequest, notFound } from '../http/http.errors.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';

/** The resource of the acting entries: the account acted for (its History lists them). */
const ACTING_RESOURCE = accountsResource.name;

/**
 * Ends the session's open acting session, if any, with its audit entry (in `tx`, the caller's
 * transaction): stopping, switching to another account and signing out all end it. True when one
 * was open.
 */
export async function endActing(tx: Db | Transaction, sessionId: number, source: AuditSource): Promise<boolean> {
  const ended = await tx
    .update(actingSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(actingSessions.sessionId, sessionId), isNull(actingSessions.endedAt)))
    .returning();
  for (const row of ended) {
    await writeAudit(tx, source, {
      accountId: row.accountId,
      resource: ACTING_RESOURCE,
      resourceId: row.accountId,
      action: 'acting-end',
      changes: { reason: { before: row.reason, after: null }, readOnly: { before: row.readOnly, after: null } },
    });
  }
  return ended.length > 0;
}

/**
 * Opens acting for an account (issue 26): the session's previous acting session ends, the new one
 * starts, both audited, in one transaction. The session's row is locked first, so two calls at
 * once open one after the other instead of tripping over the one-open-per-session index.
 */
export async function startActing(
  db: Db,
  auth: AuthContext,
  source: AuditSource,
  body: z.output<typeof actingBody>,
): Promise<ActingSession> {
  if (body.accountId === auth.ownAccount.id) {
    throw badRequest(ACTING_MESSAGES.ownAccount, [{ path: 'accountId', message: ACTING_MESSAGES.ownAccount }]);
  }
  return transaction(db, async (tx) => {
    await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, auth.sessionId)).for('update');
    const [account] = await tx
      .select({ id: accounts.id, name: accounts.name, accountKey: accounts.accountKey })
      .from(accounts)
      .where(eq(accounts.id, body.accountId));
    if (!account) throw notFound(ACTING_MESSAGES.accountNotFound(body.accountId));
    await endActing(tx, auth.sessionId, source);
    const [opened] = await tx
      .insert(actingSessions)
      .values({
        sessionId: auth.sessionId,
        userId: auth.user.id,
        accountId: account.id,
        reason: body.reason,
        readOnly: body.readOnly,
      })
      .returning();
    if (!opened) throw new Error('acting session not stored');
    await writeAudit(tx, source, {
      accountId: account.id,
      resource: ACTING_RESOURCE,
      resourceId: account.id,
      action: 'acting-start',
      changes: { reason: { before: null, after: body.reason }, readOnly: { before: null, after: body.readOnly } },
    });
    return {
      accountId: account.id,
      accountName: account.name,
      accountKey: account.accountKey,
      reason: opened.reason,
      readOnly: opened.readOnly,
      startedAt: opened.startedAt.toISOString(),
    };
  });
}
