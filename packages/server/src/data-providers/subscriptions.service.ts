import type { subscriptionBody } from '@regie/contract/data-provider-subscriptions';
import { SUBSCRIPTION_LIMITS, SUBSCRIPTION_MESSAGES } from '@regie/contract/data-provider-subscriptions';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
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
