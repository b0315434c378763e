import {
  AUDIT_CSV_COLUMNS,
  AUDIT_MESSAGES,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@regie/contract/audit';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { CSV_BOM, csvCell } from '../actors/speakers.csv.ts';
import { auditEntries } from '../db/audit.table.ts';
import type { Db } from '../db/database.ts';
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

/** The cursor is the last entry's id, opaque to the client. */
export function encodeAuditCursor(id: string): string {
  return Buffer.from(`a:${id}`).toString('base64url');
}

function decodeAuditCursor(cursor: string): bigint {
  const text = Buffer.from(cursor, 'base64url').toString();
  const match = /^a:(\d{1,19})$/.exec(text);
  if (!match?.[1]) throw badRequest(AUDIT_MESSAGES.badCursor, [{ path: 'cursor', message: AUDIT_MESSAGES.badCursor }]);
  return BigInt(match[1]);
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

type Selected = { [Key in keyof ReturnType<typeof columns>]: unknown } & { id: bigint; at: Date };

function present(row: Selected): AuditEntry {
  return { ...(row as Omit<AuditEntry, 'id' | 'at'>), id: row.id.toString(), at: row.at.toISOString() };
}

/** Entries newer than `before` (none: from the newest), newest first. */
function pageStatement(
  db: Db,
  scope: AuditScope,
  query: Omit<AuditQuery, 'limit'>,
  before: bigint | null,
  limit: number,
) {
  return db
    .select(columns(scope))
    .from(auditEntries)
    .where(and(conditions(scope, query), before === null ? undefined : lt(auditEntries.id, before)))
    .orderBy(desc(auditEntries.id))
    .limit(limit);
}

/** One page, keyset by id: a page's rows never shift as entries are added in front of it. */
export async function listAudit(db: Db, scope: AuditScope, query: AuditQuery): Promise<AuditPage> {
  const before = query.cursor === undefined ? null : decodeAuditCursor(query.cursor);
  const rows = await pageStatement(db, scope, query, before, query.limit + 1);
  const page = rows.slice(0, query.limit).map((row) => present(row as Selected));
  const last = page.at(-1);
  return { data: page, nextCursor: rows.length > query.limit && last ? encodeAuditCursor(last.id) : null };
}

/** Rows read per statement by the export. */
export const AUDIT_EXPORT_BATCH = 2000;

function csvLine(entry: AuditEntry): string {
  const cells = AUDIT_CSV_COLUMNS.map((column) =>
    column === 'changes' ? csvCell(JSON.stringify(entry.changes)) : csvCell(entry[column]),
  );
  return `${cells.join(',')}\r\n`;
}

/**
 * The export's lines: a header, then every matching entry newest first, read in keyset batches so
 * memory stays flat whatever the count (cursor and limit ignored).
 */
export async function* auditCsvLines(
  db: Db,
  scope: AuditScope,
  query: AuditQuery,
  batch: number = AUDIT_EXPORT_BATCH,
): AsyncGenerator<string> {
  const { cursor: _cursor, limit: _limit, ...filters } = query;
  yield `${CSV_BOM}${AUDIT_CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
  let before: bigint | null = null;
  for (;;) {
    const rows = await pageStatement(db, scope, filters, before, batch);
    if (rows.length === 0) return;
    yield rows.map((row) => csvLine(present(row as Selected))).join('');
    if (rows.length < batch) return;
    before = (rows.at(-1) as Selected).id;
  }
}

export function auditExportName(now: Date): string {
  return `audit-${now.toISOString().slice(0, 10)}.csv`;
}
