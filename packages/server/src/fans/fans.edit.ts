import { randomBytes } from 'node:crypto';
import { FAN_LIMITS, FANS_MESSAGES } from '@regie/contract/fans';
import type { FanCreateBody, FanUpdateBody } from '@regie/contract/fans.schemas';
import { and, eq, inArray } from 'drizzle-orm';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/password.service.ts';
import type { Db } from '../db/database.ts';
import { type FanRowDb, fans, fanTags } from '../db/fans.table.ts';
import { tags } from '../db/tags.table.ts';
import { transaction } from '../db/transactions.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { databaseError } from '../resources/resources.errors.ts';
import { newConfirmation } from './fans.auth.ts';
import { FAN_AUDIT_RESOURCE, findFan } from './fans.service.ts';

/**
 * The CRM's own writes of a fan (contract fans.ts, issue 40.5): a fan added by hand, a fan's
 * details corrected. Each writes its audit entry in its transaction; the confirmation mail is
 * the caller's, once committed (fans.edit.routes.ts).
 */

/** What the CRM sets of a fan, as its audit entries compare them. */
const AUDITED_FIELDS = [
  'email',
  'nickname',
  'firstName',
  'lastName',
  'country',
  'language',
  'marketingConsent',
  'partnersConsent',
] as const satisfies readonly (keyof FanRowDb)[];

/**
 * Recorded as changed, without their values: a fan's erasure deletes their row, and a copy of who
 * they were in the trail (kept for months) would undo it. Consents and language keep theirs.
 */
const IDENTITY_FIELDS = ['email', 'nickname', 'firstName', 'lastName'];

/** The fans' unique email within an account (fans.table.ts). */
const EMAIL_UNIQUE = 'fans_account_email_unique';

function emailTaken(): HttpError {
  return new HttpError(409, FANS_MESSAGES.emailTaken, {
    errors: [{ path: 'email', message: FANS_MESSAGES.emailTaken }],
  });
}

/** The account's tags of these ids, in the order given (404 naming the first that is not one). */
async function accountTags(db: Db, accountId: number, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), inArray(tags.id, wanted)));
  const missing = wanted.find((id) => !found.some((tag) => tag.id === id));
  if (missing !== undefined) throw notFound(FANS_MESSAGES.tagNotFound(missing));
  return wanted.flatMap((id) => found.filter((tag) => tag.id === id));
}

/** The nickname of a fan added without one: their email's part before the @. */
export function nicknameOf(email: string): string {
  return (email.split('@')[0] ?? email).slice(0, FAN_LIMITS.nicknameMax);
}

export interface SavedFan {
  row: FanRowDb;
  /** The code to mail once committed, when the fan's address needs confirming; else null. */
  confirmationToken: string | null;
}

/**
 * A fan added by hand to the account: pending, with a confirmation code to mail. Their password
 * is random and told to nobody: the fan chooses theirs by signing up in the club's app with this
 * address while pending (the last sign-up wins, fans.auth.ts). 409 on `email` when another fan of
 * the account has it, pending or not (a pending sign-up is someone's: the CRM does not take it).
 */
export async function createFan(
  db: Db,
  source: AuditSource,
  accountId: number,
  body: FanCreateBody,
): Promise<SavedFan> {
  const { tagIds, nickname, ...fields } = body;
  const tagged = await accountTags(db, accountId, tagIds);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const { token, pending } = newConfirmation();
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(fans)
      .values({
        ...fields,
        nickname: nickname ?? nicknameOf(fields.email),
        accountId,
        passwordHash,
        ...pending,
        confirmedAt: null,
      })
      .onConflictDoNothing({ target: [fans.accountId, fans.email] })
      .returning();
    if (!row) throw emailTaken();
    if (tagged.length > 0) await tx.insert(fanTags).values(tagged.map((tag) => ({ fanId: row.id, tagId: tag.id })));
    await writeAudit(tx, source, {
      accountId,
      resource: FAN_AUDIT_RESOURCE,
      resourceId: row.id,
      action: 'create',
      changes: {
        ...diffFields(null, row, AUDITED_FIELDS, IDENTITY_FIELDS),
        ...(tagged.length > 0 ? { tags: { before: null, after: tagged } } : {}),
      },
    });
    return { row, confirmationToken: token };
  });
}

/**
 * Corrects a fan of the account (404 for another account's): only the fields sent; the entry
 * only when one of them changes. A new email another fan of the account has is a 409 on `email`.
 *
 * DECISION (email): nothing in the product lets a fan change their email, so there is no
 * re-confirmation flow to follow. A confirmed fan stays confirmed and signs in with the new
 * address; the change is in the audit trail (who, when). Taking their confirmation away would
 * lock them out, and the pending fans sweep would then delete them with all they did. A pending
 * fan's code went to the old, mistyped address: they get a new code at the new one, the old code
 * stops working, and the sweep's week restarts with the code.
 */
export async function updateFan(
  db: Db,
  source: AuditSource,
  accountId: number,
  id: number,
  body: FanUpdateBody,
): Promise<SavedFan> {
  const before = await findFan(db, accountId, id);
  const emailChanged = body.email !== undefined && body.email !== before.email;
  const code = emailChanged && before.confirmedAt === null ? newConfirmation() : null;
  const values = { ...body, ...code?.pending };
  if (Object.keys(values).length === 0) return { row: before, confirmationToken: null };
  return transaction(db, async (tx) => {
    let row: FanRowDb | undefined;
    try {
      [row] = await tx
        .update(fans)
        .set(values)
        .where(and(eq(fans.id, id), eq(fans.accountId, accountId)))
        .returning();
    } catch (error) {
      // The other unique index of fans is the confirmation code's hash (random: never met).
      const found = databaseError(error);
      if (found?.code === '23505' && (found.constraint ?? EMAIL_UNIQUE) === EMAIL_UNIQUE) throw emailTaken();
      throw error;
    }
    if (!row) throw notFound(FANS_MESSAGES.notFound(id));
    const changes = diffFields(before, row, AUDITED_FIELDS, IDENTITY_FIELDS);
    if (Object.keys(changes).length > 0) {
      await writeAudit(tx, source, {
        accountId,
        resource: FAN_AUDIT_RESOURCE,
        resourceId: id,
        action: 'update',
        changes,
      });
    }
    return { row, confirmationToken: code?.token ?? null };
  });
}
