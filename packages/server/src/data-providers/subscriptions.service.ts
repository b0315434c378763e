import type { AuditChanges, AuditOtherResource } from '@regie/contract/audit';
import type { SubscriptionPatchBody, subscriptionBody } from '@regie/contract/data-provider-subscriptions';
import { SUBSCRIPTION_LIMITS, SUBSCRIPTION_MESSAGES } from '@regie/contract/data-provider-subscriptions';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import {
  type DataProviderMappingRow,
  type DataProviderSubscriptionRow,
  dataProviderSubscriptions,
} from '../db/data-providers.table.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { badRequest, notFound } from '../http/http.errors.ts';
import { ImportError, resolveImportTarget } from '../videos/import.fetch.ts';
import type { CredentialSeal } from './credentials.ts';

export interface Credentials {
  username?: string | undefined;
  password?: string | undefined;
}

/** Checks a feed URL with import-url's rules (http(s), public addresses unless allow-listed); 400 otherwise. */
export async function checkFeedUrl(url: string, allowHosts: readonly string[]): Promise<void> {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed && (parsed.username || parsed.password)) {
    throw badRequest(SUBSCRIPTION_MESSAGES.urlCredentials, [
      { path: 'url', message: SUBSCRIPTION_MESSAGES.urlCredentials },
    ]);
  }
  await resolveImportTarget(url, { allowHosts }).catch((error: unknown) => {
    if (!(error instanceof ImportError)) throw error;
    throw badRequest(error.reason, [{ path: 'url', message: error.reason }]);
  });
}

function checkPair(credentials: Credentials): void {
  if ((credentials.username === undefined) !== (credentials.password === undefined)) {
    throw badRequest(SUBSCRIPTION_MESSAGES.credentialsPair);
  }
}

/** The resource name of a subscription's audit entries. */
export const SUBSCRIPTION_AUDIT_RESOURCE = 'data-provider-subscriptions' satisfies AuditOtherResource;

/**
 * A feed URL as the trail keeps it: without its query and fragment, where a provider's key may
 * travel (credentials in the URL itself are refused).
 */
function urlOfRecord(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** What an entry records of a subscription (the credentials only as having changed). */
function subscriptionFields(row: DataProviderSubscriptionRow) {
  return {
    mappingId: row.mappingId,
    url: urlOfRecord(row.url),
    intervalSeconds: row.intervalSeconds,
    active: row.active,
  };
}

async function auditSubscription(
  tx: Db,
  source: AuditSource,
  row: DataProviderSubscriptionRow,
  action: 'create' | 'delete',
): Promise<void> {
  const fields = subscriptionFields(row);
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(fields)) {
    changes[field] = action === 'create' ? { before: null, after: value } : { before: value, after: null };
  }
  if (action === 'create') {
    if (row.usernameSealed !== null) changes.username = { changed: true };
    if (row.passwordSealed !== null) changes.password = { changed: true };
  }
  await writeAudit(tx, source, {
    accountId: row.accountId,
    resource: SUBSCRIPTION_AUDIT_RESOURCE,
    resourceId: row.id,
    action,
    changes,
  });
}

export async function createSubscription(
  db: Db,
  source: AuditSource,
  seal: CredentialSeal,
  allowHosts: readonly string[],
  mapping: DataProviderMappingRow,
  body: z.output<typeof subscriptionBody>,
): Promise<DataProviderSubscriptionRow> {
  if (mapping.entity !== 'event') throw badRequest(SUBSCRIPTION_MESSAGES.notAnEvent);
  if (mapping.provider === 'csv') throw badRequest(SUBSCRIPTION_MESSAGES.csvNotPolled);
  checkPair(body);
  await checkFeedUrl(body.url, allowHosts);
  const [held] = await db
    .select({ total: count() })
    .from(dataProviderSubscriptions)
    .where(eq(dataProviderSubscriptions.mappingId, mapping.id));
  if ((held?.total ?? 0) >= SUBSCRIPTION_LIMITS.perMapping) throw badRequest(SUBSCRIPTION_MESSAGES.tooMany);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(dataProviderSubscriptions)
      .values({
        accountId: mapping.accountId,
        mappingId: mapping.id,
        url: body.url,
        usernameSealed: body.username === undefined ? null : seal.seal(body.username),
        passwordSealed: body.password === undefined ? null : seal.seal(body.password),
        intervalSeconds: body.intervalSeconds,
        active: body.active,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await auditSubscription(tx, source, row, 'create');
    return row;
  });
}

/** True when the subscription holds exactly these credentials (none for none). */
function holds(seal: CredentialSeal, row: DataProviderSubscriptionRow, credentials: Credentials): boolean {
  const open = (value: string | null) => (value === null ? undefined : (seal.open(value) ?? null));
  return open(row.usernameSealed) === credentials.username && open(row.passwordSealed) === credentials.password;
}

/**
 * The mapping's subscriptions; only those holding these credentials when some are given, and 404
 * (DELETE's answer and message) when none does: a wrong password is not an empty list.
 */
export async function listSubscriptions(
  db: Db,
  seal: CredentialSeal,
  mapping: DataProviderMappingRow,
  credentials: Credentials,
): Promise<DataProviderSubscriptionRow[]> {
  checkPair(credentials);
  const rows = await db
    .select()
    .from(dataProviderSubscriptions)
    .where(eq(dataProviderSubscriptions.mappingId, mapping.id))
    .orderBy(asc(dataProviderSubscriptions.id));
  if (credentials.username === undefined) return rows;
  const held = rows.filter((row) => holds(seal, row, credentials));
  if (held.length === 0) throw notFound(SUBSCRIPTION_MESSAGES.subscriptionNotFound);
  return held;
}

/** Spec §7 DELETE: removes the mapping's subscriptions holding these credentials; 404 when none does. */
export async function deleteSubscriptionsByCredentials(
  db: Db,
  source: AuditSource,
  seal: CredentialSeal,
  mapping: DataProviderMappingRow,
  credentials: Credentials,
): Promise<number> {
  checkPair(credentials);
  const rows = await db
    .select()
    .from(dataProviderSubscriptions)
    .where(eq(dataProviderSubscriptions.mappingId, mapping.id));
  const ids = rows.filter((row) => holds(seal, row, credentials)).map((row) => row.id);
  if (ids.length === 0) throw notFound(SUBSCRIPTION_MESSAGES.subscriptionNotFound);
  return transaction(db, async (tx) => {
    const deleted = await tx
      .delete(dataProviderSubscriptions)
      .where(and(eq(dataProviderSubscriptions.mappingId, mapping.id), inArray(dataProviderSubscriptions.id, ids)))
      .returning();
    if (deleted.length === 0) throw notFound(SUBSCRIPTION_MESSAGES.subscriptionNotFound);
    for (const row of deleted) await auditSubscription(tx, source, row, 'delete');
    return deleted.length;
  });
}

export async function deleteSubscriptionById(
  db: Db,
  source: AuditSource,
  mapping: DataProviderMappingRow,
  id: number,
): Promise<void> {
  await transaction(db, async (tx) => {
    const [deleted] = await tx
      .delete(dataProviderSubscriptions)
      .where(and(eq(dataProviderSubscriptions.mappingId, mapping.id), eq(dataProviderSubscriptions.id, id)))
      .returning();
    if (!deleted) throw notFound(SUBSCRIPTION_MESSAGES.subscriptionIdNotFound(id));
    await auditSubscription(tx, source, deleted, 'delete');
  });
}

/**
 * Pauses, resumes or re-times one subscription of the mapping, in one statement (a poller's claim
 * holds the row meanwhile, so neither writes over the other). Paused is `active` false: the due
 * query skips it. Resuming a paused one makes it due now; a new interval brings the next poll no
 * later than one new interval from now (a long interval cut short does not wait out the old one).
 * The URL and the credentials stay as they are.
 */
export async function updateSubscription(
  db: Db,
  source: AuditSource,
  mapping: DataProviderMappingRow,
  id: number,
  body: SubscriptionPatchBody,
): Promise<DataProviderSubscriptionRow> {
  const table = dataProviderSubscriptions;
  // In SET, the columns on the right are the row's values before this update.
  const nextPollAt: SQL[] = [];
  if (body.paused === false) nextPollAt.push(sql`when not ${table.active} then now()`);
  if (body.intervalSeconds !== undefined) {
    nextPollAt.push(
      sql`when true then least(${table.nextPollAt}, now() + make_interval(secs => ${body.intervalSeconds}))`,
    );
  }
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(table)
      .where(and(eq(table.mappingId, mapping.id), eq(table.id, id)));
    const [row] = await tx
      .update(table)
      .set({
        ...(body.paused === undefined ? {} : { active: !body.paused }),
        ...(body.intervalSeconds === undefined ? {} : { intervalSeconds: body.intervalSeconds }),
        ...(nextPollAt.length === 0
          ? {}
          : { nextPollAt: sql`case ${sql.join(nextPollAt, sql` `)} else ${table.nextPollAt} end` }),
      })
      .where(and(eq(table.mappingId, mapping.id), eq(table.id, id)))
      .returning();
    if (!row || !before) throw notFound(SUBSCRIPTION_MESSAGES.subscriptionIdNotFound(id));
    // Pausing a paused one (or the same interval again) changes nothing the screen shows: no entry.
    const changes = diffFields(before, row, ['active', 'intervalSeconds']);
    if (Object.keys(changes).length > 0) {
      await writeAudit(tx, source, {
        accountId: row.accountId,
        resource: SUBSCRIPTION_AUDIT_RESOURCE,
        resourceId: row.id,
        action: 'update',
        changes,
      });
    }
    return row;
  });
}
