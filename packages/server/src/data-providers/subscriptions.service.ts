import type { SubscriptionPatchBody, subscriptionBody } from '@regie/contract/data-provider-subscriptions';
import { SUBSCRIPTION_LIMITS, SUBSCRIPTION_MESSAGES } from '@regie/contract/data-provider-subscriptions';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type DataProviderMappingRow,
  type DataProviderSubscriptionRow,
  dataProviderSubscriptions,
} from '../db/data-providers.table.ts';
import type { Db } from '../db/database.ts';
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

export async function createSubscription(
  db: Db,
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
  const [row] = await db
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
  return row;
}

/** True when the subscription holds exactly these credentials (none for none). */
function holds(seal: CredentialSeal, row: DataProviderSubscriptionRow, credentials: Credentials): boolean {
  const open = (value: string | null) => (value === null ? undefined : (seal.open(value) ?? null));
  return open(row.usernameSealed) === credentials.username && open(row.passwordSealed) === credentials.password;
}

/** The mapping's subscriptions; only those holding these credentials when some are given. */
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
  return rows.filter((row) => holds(seal, row, credentials));
}

/** Spec §7 DELETE: removes the mapping's subscriptions holding these credentials; 404 when none does. */
export async function deleteSubscriptionsByCredentials(
  db: Db,
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
  await db
    .delete(dataProviderSubscriptions)
    .where(and(eq(dataProviderSubscriptions.mappingId, mapping.id), inArray(dataProviderSubscriptions.id, ids)));
  return ids.length;
}

export async function deleteSubscriptionById(db: Db, mapping: DataProviderMappingRow, id: number): Promise<void> {
  const deleted = await db
    .delete(dataProviderSubscriptions)
    .where(and(eq(dataProviderSubscriptions.mappingId, mapping.id), eq(dataProviderSubscriptions.id, id)))
    .returning({ id: dataProviderSubscriptions.id });
  if (deleted.length === 0) throw notFound(SUBSCRIPTION_MESSAGES.subscriptionIdNotFound(id));
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
  const [row] = await db
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
  if (!row) throw notFound(SUBSCRIPTION_MESSAGES.subscriptionIdNotFound(id));
  return row;
}
