import type { AuditOtherResource } from '@regie/contract/audit';
import {
  type DataProviderMappingEntity,
  type MappableRecords,
  type MappingBody,
  type MappingItem,
  SUBSCRIPTION_LIMITS,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionItem,
} from '@regie/contract/data-provider-subscriptions';
import { type MessageLanguage, renderMessage } from '@regie/contract/messages.render';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { diffFields } from '../audit/audit.rows.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import { competitions, seasons } from '../db/competitions.table.ts';
import {
  type DataProviderMappingRow,
  type DataProviderSubscriptionRow,
  dataProviderMappings,
  dataProviderSubscriptions,
} from '../db/data-providers.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { transaction } from '../db/transactions.ts';
import { HttpError, notFound } from '../http/http.errors.ts';
import { type AuthContext, assertInScope } from '../tenancy/tenancy.guards.ts';

interface MappedRecord {
  accountId: number;
  name: string;
  sportId: number | null;
}

/** The mapped record as the mapping names it, whoever owns it; null when it is gone. */
async function findRecord(db: Db, entity: DataProviderMappingEntity, id: number): Promise<MappedRecord | null> {
  if (entity === 'competition') {
    const [row] = await db
      .select({ accountId: competitions.accountId, name: competitions.name, sportId: competitions.sportId })
      .from(competitions)
      .where(eq(competitions.id, id));
    return row ?? null;
  }
  if (entity === 'season') {
    const [row] = await db
      .select({ accountId: seasons.accountId, name: seasons.name, sportId: competitions.sportId })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(seasons.id, id));
    return row ?? null;
  }
  const [row] = await db
    .select({ accountId: events.accountId, name: events.name, sportId: events.sportId })
    .from(events)
    .where(eq(events.id, id));
  return row ?? null;
}

export function presentSubscription(row: DataProviderSubscriptionRow, language: MessageLanguage): SubscriptionItem {
  return {
    id: row.id,
    mappingId: row.mappingId,
    url: row.url,
    hasCredentials: row.usernameSealed !== null || row.passwordSealed !== null,
    intervalSeconds: row.intervalSeconds,
    active: row.active,
    lastPolledAt: row.lastPolledAt?.toISOString() ?? null,
    nextPollAt: row.nextPollAt.toISOString(),
    lastStatus: row.lastStatus ?? null,
    lastError: row.lastError ? renderMessage(row.lastError, language) : null,
    lastCreated: row.lastCreated,
    createdAt: row.createdAt.toISOString(),
  };
}

async function presentMappings(
  db: Db,
  rows: DataProviderMappingRow[],
  language: MessageLanguage,
): Promise<MappingItem[]> {
  if (rows.length === 0) return [];
  const subscriptions = await db
    .select()
    .from(dataProviderSubscriptions)
    .where(
      inArray(
        dataProviderSubscriptions.mappingId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(dataProviderSubscriptions.id));
  return Promise.all(
    rows.map(async (row) => {
      const record = await findRecord(db, row.entity, row.recordId);
      return {
        id: row.id,
        provider: row.provider,
        sportId: row.sportId,
        entity: row.entity,
        recordId: row.recordId,
        recordName: record && record.accountId === row.accountId ? record.name : null,
        providerId: row.providerId,
        label: row.label,
        createdAt: row.createdAt.toISOString(),
        subscriptions: subscriptions
          .filter((subscription) => subscription.mappingId === row.id)
          .map((subscription) => presentSubscription(subscription, language)),
      };
    }),
  );
}

export async function listMappings(db: Db, auth: AuthContext): Promise<MappingItem[]> {
  const rows = await db
    .select()
    .from(dataProviderMappings)
    .where(eq(dataProviderMappings.accountId, auth.account.id))
    .orderBy(asc(dataProviderMappings.id));
  return presentMappings(db, rows, auth.language);
}

/** A mapping the request may reach: another account's is a 404, as if it did not exist. */
export async function findScopedMapping(db: Db, auth: AuthContext, id: number): Promise<DataProviderMappingRow> {
  const [row] = await db.select().from(dataProviderMappings).where(eq(dataProviderMappings.id, id));
  if (!row) throw notFound(SUBSCRIPTION_MESSAGES.mappingNotFound(id));
  assertInScope(auth, row.accountId, SUBSCRIPTION_MESSAGES.mappingNotFound(id));
  return row;
}

export async function presentMapping(db: Db, row: DataProviderMappingRow, language: MessageLanguage) {
  const [item] = await presentMappings(db, [row], language);
  if (!item) throw new Error('a mapping presents as one item');
  return item;
}

/** Makes a mapping of one of the account's records; 404 for a record of another account, 409 when mapped already. */
/** The resource name of a mapping's audit entries, and the fields they record. */
export const MAPPING_AUDIT_RESOURCE = 'data-provider-mappings' satisfies AuditOtherResource;
const AUDITED = ['provider', 'entity', 'recordId', 'providerId', 'label', 'sportId'] as const;

export async function createMapping(
  db: Db,
  source: AuditSource,
  auth: AuthContext,
  body: MappingBody,
): Promise<DataProviderMappingRow> {
  const record = await findRecord(db, body.entity, body.recordId);
  const missing = SUBSCRIPTION_MESSAGES.recordNotFound(body.entity, body.recordId);
  if (!record) throw notFound(missing);
  assertInScope(auth, record.accountId, missing);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(dataProviderMappings)
      .values({
        accountId: record.accountId,
        provider: body.provider,
        sportId: record.sportId,
        entity: body.entity,
        recordId: body.recordId,
        providerId: body.providerId,
        label: body.label ?? '',
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HttpError(409, SUBSCRIPTION_MESSAGES.mappingExists);
    await writeAudit(tx, source, {
      accountId: row.accountId,
      resource: MAPPING_AUDIT_RESOURCE,
      resourceId: row.id,
      action: 'create',
      changes: diffFields(null, row, AUDITED),
    });
    return row;
  });
}

/** Deletes a mapping; its subscriptions go with it (the database cascades). */
export async function deleteMapping(db: Db, source: AuditSource, mapping: DataProviderMappingRow): Promise<void> {
  await transaction(db, async (tx) => {
    const deleted = await tx
      .delete(dataProviderMappings)
      .where(and(eq(dataProviderMappings.id, mapping.id), eq(dataProviderMappings.accountId, mapping.accountId)))
      .returning({ id: dataProviderMappings.id });
    if (deleted.length === 0) return;
    await writeAudit(tx, source, {
      accountId: mapping.accountId,
      resource: MAPPING_AUDIT_RESOURCE,
      resourceId: mapping.id,
      action: 'delete',
      changes: diffFields(mapping, null, AUDITED),
    });
  });
}

/** The account's records of one kind a mapping may name: seasons as 'Competition – Season', newest events first. */
export async function listMappableRecords(
  db: Db,
  accountId: number,
  entity: DataProviderMappingEntity,
): Promise<MappableRecords['data']> {
  const limit = SUBSCRIPTION_LIMITS.recordsMax;
  if (entity === 'competition') {
    return db
      .select({ id: competitions.id, name: competitions.name })
      .from(competitions)
      .where(eq(competitions.accountId, accountId))
      .orderBy(asc(competitions.name), asc(competitions.id))
      .limit(limit);
  }
  if (entity === 'season') {
    const rows = await db
      .select({ id: seasons.id, season: seasons.name, competition: competitions.name })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(seasons.accountId, accountId))
      .orderBy(asc(competitions.name), desc(seasons.startDate), asc(seasons.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: `${row.competition} – ${row.season}` }));
  }
  const rows = await db
    .select({ id: events.id, name: events.name, startsAt: events.startsAt })
    .from(events)
    .where(eq(events.accountId, accountId))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, name: row.name, startsAt: row.startsAt.toISOString() }));
}
