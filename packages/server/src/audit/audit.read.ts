import { Readable } from 'node:stream';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_MESSAGES,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@regie/contract/audit';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type SelectedFields } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { accounts } from '../db/accounts.table.ts';
import { auditEntries } from '../db/audit.table.ts';
import type { Db } from '../db/database.ts';
import { copied, guarded, inlineParameters, isoTime } from '../fans/fans.export.ts';
import { COPY_CSV, csvHeader, csvLines, namedColumns } from '../http/csv.ts';
import { badRequest, forbidden, notFound } from '../http/http.errors.ts';
import type { RequestContext } from '../tenancy/tenancy.service.ts';

/** What one reader of the trail may see (contract audit.ts, issue 26 point 3). */
export interface AuditScope {
  /** The one account they see; undefined: every account (a platform administrator). */
  accountId: number | undefined;
  /** A customer does not see the addresses of the platform administrators' entries. */
  hidesAdminAddresses: boolean;
}

/**
 * A platform administrator acting for no account sees every account (narrowed by `accountId`);
 * acting for one, that account. Anyone else needs manage_users and sees their own account, less
 * the platform administrators' addresses. Another account's id answers 404, as its records do.
 */
export function auditScopeOf(auth: RequestContext, query: Pick<AuditQuery, 'accountId'>): AuditScope {
  if (auth.user.isAdmin && !auth.simulated) return { accountId: query.accountId, hidesAdminAddresses: false };
  if (!auth.user.isAdmin && !auth.user.roles.includes('manage_users')) throw forbidden(AUDIT_MESSAGES.notAllowed);
  const own = auth.account.id;
  if (query.accountId !== undefined && query.accountId !== own) {
    throw notFound(AUDIT_MESSAGES.accountNotFound(query.accountId));
  }
  return { accountId: own, hidesAdminAddresses: !auth.user.isAdmin };
}

/**
 * The cursor is the last entry's place in the order, its time (to the microsecond, as stored)
 * and id, opaque to the client.
 */
export function encodeAuditCursor(at: string, id: string): string {
  return Buffer.from(`t:${at}|${id}`).toString('base64url');
}

interface AuditKey {
  /** ISO 8601 UTC with microseconds. */
  at: string;
  id: string;
}

function decodeAuditCursor(cursor: string): AuditKey {
  const text = Buffer.from(cursor, 'base64url').toString();
  const match = /^t:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,19})$/.exec(text);
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[1]))) {
    throw badRequest(AUDIT_MESSAGES.badCursor, [{ path: 'cursor', message: AUDIT_MESSAGES.badCursor }]);
  }
  return { at: match[1], id: match[2] };
}

function conditions(scope: AuditScope, query: Omit<AuditQuery, 'limit'>): SQL | undefined {
  const t = auditEntries;
  return and(
    scope.accountId === undefined ? undefined : eq(t.accountId, scope.accountId),
    query.userId === undefined ? undefined : eq(t.userId, query.userId),
    query.resource === undefined ? undefined : eq(t.resource, query.resource),
    query.resourceId === undefined ? undefined : eq(t.resourceId, query.resourceId),
    query.action === undefined ? undefined : eq(t.action, query.action),
    query.from === undefined ? undefined : gte(t.at, new Date(query.from)),
    query.to === undefined ? undefined : lt(t.at, new Date(query.to)),
  );
}

function columns(scope: AuditScope) {
  const t = auditEntries;
  return {
    id: t.id,
    at: t.at,
    userId: t.userId,
    userName: t.userName,
    actingAdminId: t.actingAdminId,
    accountId: t.accountId,
    // The account's name today (null: a platform entry, or an account since deleted): one lookup
    // by primary key per row of the page, which leaves the page's plan as it is.
    accountName: sql<string | null>`(select ${accounts.name} from ${accounts} where ${accounts.id} = ${t.accountId})`,
    resource: t.resource,
    resourceId: t.resourceId,
    action: t.action,
    changes: t.changes,
    requestId: t.requestId,
    ip: scope.hidesAdminAddresses
      ? sql<string | null>`case when ${t.byPlatformAdmin} then null else ${t.ip} end`
      : t.ip,
    userAgent: t.userAgent,
  };
}

type Selected = { [Key in keyof ReturnType<typeof columns>]: unknown } & {
  id: bigint;
  at: Date;
  key: string;
  keyId: string;
};

function present({ key: _key, keyId: _keyId, ...row }: Selected): AuditEntry {
  return { ...(row as Omit<AuditEntry, 'id' | 'at'>), id: row.id.toString(), at: row.at.toISOString() };
}

/** `at` to the microsecond, as the cursor holds it (a Date keeps milliseconds only). */
const keyAt = sql<string>`to_char(${auditEntries.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Newest first: by time, then id (the entries of one transaction share its time). Every index of
 * the table ends with (at, id), read backwards in this very order (audit.table.ts), so a page reads
 * its rows off an index whatever the filters (a period too) and however deep the keyset.
 */
const NEWEST_FIRST = [desc(auditEntries.at), desc(auditEntries.id)];

/** `selection` of the entries older than `after` (null: from the newest), newest first. */
function pageStatement<Selection extends SelectedFields>(
  db: Db,
  selection: Selection,
  scope: AuditScope,
  query: Omit<AuditQuery, 'limit'>,
  after: AuditKey | null,
  limit: number,
) {
  const t = auditEntries;
  const older = after === null ? undefined : sql`(${t.at}, ${t.id}) < (${after.at}::timestamptz, ${after.id}::bigint)`;
  return db
    .select({ ...selection, key: keyAt, keyId: sql<string>`${t.id}::text` })
    .from(t)
    .where(and(conditions(scope, query), older))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

/** The statement of one page (and the row after it, which tells whether there is a next page). */
export function auditPageStatement(db: Db, scope: AuditScope, query: AuditQuery) {
  const after = query.cursor === undefined ? null : decodeAuditCursor(query.cursor);
  return pageStatement(db, columns(scope), scope, query, after, query.limit + 1);
}

/** One page, keyset by (at, id): a page's rows never shift as entries are added in front of it. */
export async function listAudit(db: Db, scope: AuditScope, query: AuditQuery): Promise<AuditPage> {
  const rows = (await auditPageStatement(db, scope, query)) as Selected[];
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(present),
    nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last.key, last.keyId) : null,
  };
}

/** Rows read per statement by the export on PGlite. */
export const AUDIT_EXPORT_BATCH = 2000;

/**
 * The export's cells, in AUDIT_CSV_COLUMNS order, written by the database as COPY writes CSV (the
 * fans export's form, fans.export.ts): times ISO 8601 UTC with milliseconds, `changes` as its JSON
 * text, the text a client chose (names, user agent, address, request id) without its formula.
 */
function cells(scope: AuditScope): Readonly<Record<(typeof AUDIT_CSV_COLUMNS)[number], SQL<string | null>>> {
  const t = auditEntries;
  const { ip } = columns(scope);
  return {
    id: sql<string>`${t.id}::text`,
    at: isoTime(t.at),
    userId: sql<string | null>`${t.userId}::text`,
    userName: guarded(t.userName),
    actingAdminId: sql<string | null>`${t.actingAdminId}::text`,
    accountId: sql<string | null>`${t.accountId}::text`,
    resource: guarded(t.resource),
    resourceId: sql<string | null>`${t.resourceId}::text`,
    action: sql<string>`${t.action}`,
    changes: sql<string>`${t.changes}::text`,
    requestId: guarded(t.requestId),
    ip: guarded(sql`${ip}`),
    userAgent: guarded(t.userAgent),
  };
}

const HEADER = csvHeader(COPY_CSV, AUDIT_CSV_COLUMNS);

type CellRow = Record<(typeof AUDIT_CSV_COLUMNS)[number], string | null> & { key: string; keyId: string };

/**
 * The export read in keyset batches (PGlite, which has no COPY to a stream; and the reference the
 * tests hold COPY's output to): the header, then every matching entry newest first, the cells
 * written by csv-stringify as COPY would (http/csv.ts COPY_CSV). Memory stays flat whatever the
 * count (cursor and limit ignored).
 */
export function auditCsvLines(
  db: Db,
  scope: AuditScope,
  query: AuditQuery,
  batch: number = AUDIT_EXPORT_BATCH,
): AsyncGenerator<string> {
  return csvLines(COPY_CSV, namedColumns(AUDIT_CSV_COLUMNS), auditBatches(db, scope, query, batch));
}

async function* auditBatches(db: Db, scope: AuditScope, query: AuditQuery, batch: number): AsyncGenerator<CellRow[]> {
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  const selection = cells(scope);
  let after: AuditKey | null = null;
  for (;;) {
    const rows = (await pageStatement(db, selection, scope, filters, after, batch)) as CellRow[];
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { at: last.key, id: last.keyId };
  }
}

const dialect = new PgDialect();

/**
 * The export as a stream for the reply. On PostgreSQL, `COPY (SELECT …) TO STDOUT` on one pooled
 * connection: the database writes the CSV and the server relays it with the socket's backpressure
 * (reading it in batches and writing each cell here was 3–6 × a bare COPY at 200 000 entries).
 */
export function auditCsvStream(db: Db, scope: AuditScope, query: AuditQuery): Readable {
  const client = '$client' in db ? db.$client : null;
  if (client instanceof pg.Pool) {
    const { cursor: _cursor, limit: _limit, ...filters } = query;
    const select = db
      .select(cells(scope))
      .from(auditEntries)
      .where(conditions(scope, filters))
      .orderBy(...NEWEST_FIRST);
    const statement = `COPY (${inlineParameters(dialect.sqlToQuery(select.getSQL()))}) TO STDOUT WITH (FORMAT csv)`;
    return Readable.from(copied(client, statement, HEADER), { objectMode: false });
  }
  return Readable.from(auditCsvLines(db, scope, query), { objectMode: false });
}

export function auditExportName(now: Date): string {
  return `audit-${now.toISOString().slice(0, 10)}.csv`;
}
