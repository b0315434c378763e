import { LIST_LIMITS } from '@regie/contract/resources/define';
import { CRUD_MESSAGES, type ListResponse } from '@regie/contract/resources/shapes';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { diffRecord } from '../audit/audit.diff.ts';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { notFound } from '../http/http.errors.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import {
  accountRows,
  assertMayChange,
  ownerOf,
  ownerOfNewRecord,
  seesEveryAccount,
  visibleRows,
} from './resources.access.ts';
import { accountColumn, columnsOf, singular } from './resources.columns.ts';
import { toClientError } from './resources.errors.ts';
import { checkIntegrity } from './resources.integrity.ts';
import { linkFieldsOf, loadLinks, saveLinks } from './resources.links.ts';
import { presentRow } from './resources.presenter.ts';
import {
  afterCursor,
  afterValues,
  allOf,
  byId,
  cursorValue,
  encodeCursor,
  filterConditions,
  likePattern,
  orderBy,
  parseSort,
  readCursor,
  type Sort,
  searchCondition,
  searchPatternCondition,
  totalOf,
} from './resources.query.ts';
import type { Engine, ResourceEntry, Row, RowOf, Viewer, WriteContext } from './resources.types.ts';
import { deleteTranslationsWith } from './translations.cascade.ts';

/** The generic CRUD of a declared resource; `scope` narrows to a parent record (nested resources). */

export interface ListQuery {
  offset: number;
  limit: number;
  sort?: string | undefined;
  search?: string | undefined;
  after?: string | undefined;
  [filter: string]: unknown;
}

/** One record, presented. */
export async function presentOne(engine: Engine, entry: ResourceEntry, row: Row, viewer: Viewer): Promise<Row> {
  const [record] = await presentRows(engine, entry, [row], viewer);
  return record ?? {};
}

/** Presents rows with their link fields (one query per link field for the whole page). */
export async function presentRows(
  engine: Engine,
  entry: ResourceEntry,
  rows: readonly Row[],
  viewer: Viewer,
): Promise<Row[]> {
  const links = await loadLinks(
    engine.db,
    entry,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => {
    const record = presentRow(entry, row, links.get(Number(row.id)));
    return entry.present ? entry.present(record, row, { ...engine.present, language: viewer.language }) : record;
  });
}

interface PageShape {
  sort: Sort;
  limit: number;
  offset: number;
  search: string | undefined;
  filters: readonly SQL[];
  scope: SQL | undefined;
}

/**
 * The page and the total in one statement (the total as a scalar subquery, which ignores the
 * cursor): one round trip instead of two. Its `$cursor` is the sort value as text, `$total` the total.
 */
async function pageRows(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  query: ListQuery,
  shape: PageShape,
): Promise<Row[]> {
  const { sort, limit, offset, search, filters, scope } = shape;
  // Filters, a parent's scope and an entry's own scope vary in form: their SQL is built for the call.
  if (filters.length > 0 || scope || entry.scope) {
    const where = allOf(
      visibleRows(entry, auth),
      scope,
      ...filters,
      search ? searchCondition(entry, search) : undefined,
    );
    return engine.db
      .select({ ...columnsOf(entry), $cursor: cursorValue(entry, sort), $total: totalOf(entry, where) })
      .from(entry.table)
      .where(allOf(where, query.after ? afterCursor(entry, sort, query.after) : undefined))
      .orderBy(...orderBy(entry, sort))
      .limit(limit + 1)
      .offset(offset);
  }
  const cursor = query.after ? readCursor(sort, query.after) : undefined;
  const statement = listStatement(engine.db, entry, sort, {
    everyAccount: seesEveryAccount(entry, auth),
    search: Boolean(search),
    cursor: cursor !== undefined,
  });
  return statement.execute({
    account: auth.account.id,
    search: search ? likePattern(search) : null,
    cursorValue: cursor?.value ?? null,
    cursorId: cursor?.id ?? null,
    limit: limit + 1,
    offset,
  });
}

interface StatementShape {
  everyAccount: boolean;
  search: boolean;
  cursor: boolean;
}

function buildListStatement(db: Db, entry: ResourceEntry, sort: Sort, shape: StatementShape, name: string) {
  const account = sql.placeholder('account');
  const where = allOf(
    shape.everyAccount ? undefined : accountRows(entry, account),
    shape.search ? searchPatternCondition(entry, sql.placeholder('search')) : undefined,
  );
  const after = shape.cursor
    ? afterValues(entry, sort, sql.placeholder('cursorValue'), sql.placeholder('cursorId'))
    : undefined;
  return db
    .select({ ...columnsOf(entry), $cursor: cursorValue(entry, sort), $total: totalOf(entry, where) })
    .from(entry.table)
    .where(allOf(where, after))
    .orderBy(...orderBy(entry, sort))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

type ListStatement = ReturnType<typeof buildListStatement>;

/** The list statements of one database, each built once per shape (resource, sort, what is present). */
const statements = new WeakMap<Db, Map<string, ListStatement>>();
let statementCount = 0;

function listStatement(db: Db, entry: ResourceEntry, sort: Sort, shape: StatementShape): ListStatement {
  let known = statements.get(db);
  if (!known) {
    known = new Map();
    statements.set(db, known);
  }
  const key = [
    entry.definition.name,
    sort.field,
    sort.direction,
    shape.everyAccount ? 'all' : 'account',
    shape.search ? 'search' : '',
    shape.cursor ? 'after' : '',
  ].join('|');
  let statement = known.get(key);
  if (!statement) {
    statementCount += 1;
    statement = buildListStatement(db, entry, sort, shape, `regie_list_${statementCount}`);
    known.set(key, statement);
  }
  return statement;
}

export async function listRows(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  query: ListQuery,
  scope?: SQL,
): Promise<Omit<ListResponse<Row>, 'data'> & { rows: Row[] }> {
  const { db } = engine;
  const sort = parseSort(entry, query.sort);
  const limit = Math.min(query.limit, LIST_LIMITS.maxLimit);
  const search = query.search?.trim();
  const filters = filterConditions(db, entry, query);
  const where = (): SQL | undefined =>
    allOf(visibleRows(entry, auth), scope, ...filters, search ? searchCondition(entry, search) : undefined);
  const offset = query.after ? 0 : query.offset;
  const rows = await pageRows(engine, entry, auth, query, { sort, limit, offset, search, filters, scope });
  // No row to carry it (a page past the end): the total then takes a statement of its own.
  const total =
    rows[0] !== undefined
      ? Number(rows[0].$total)
      : offset === 0 && !query.after
        ? 0
        : ((await db.select({ total: count() }).from(entry.table).where(where()))[0]?.total ?? 0);
  const page = rows.slice(0, limit).map(({ $total: _total, ...row }) => row);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor(sort, String(last.$cursor), Number(last.id)) : null;
  return { rows: page, total, offset, limit, nextCursor };
}

/** The record if the request may see it, else 404 (another account's record included). */
export async function findVisible<Table extends PgTable>(
  engine: Engine,
  entry: ResourceEntry<Table>,
  auth: AuthContext,
  id: number,
  scope?: SQL,
): Promise<RowOf<Table>> {
  const table: PgTable = entry.table;
  const [row] = await engine.db
    .select()
    .from(table)
    .where(allOf(byId(entry, id), visibleRows(entry, auth), scope))
    .limit(1);
  if (!row) throw notFound(CRUD_MESSAGES.notFound(singular(entry), id));
  // Drizzle types a select from a table it knows only as PgTable loosely: this is a row of `Table`.
  return row as RowOf<Table>;
}

/** The table's columns among the values (links and write-only inputs are not columns). */
function columnValues(entry: ResourceEntry, values: Row): Row {
  const stored: Row = {};
  const columns = columnsOf(entry);
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key];
    if (!column || ['id', 'accountId', 'createdAt', 'updatedAt'].includes(key)) continue;
    // The API speaks ISO 8601 text; timestamp columns take dates.
    stored[key] = column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
  }
  return stored;
}

function purge(engine: Engine, entry: ResourceEntry, row: Row): void {
  for (const key of entry.purges?.(row) ?? []) engine.cache.purge(key);
  for (const tag of entry.revokes?.(row) ?? []) engine.signedIn.purge(tag);
}

async function reread<Table extends PgTable>(
  engine: Engine,
  entry: ResourceEntry<Table>,
  id: number,
): Promise<RowOf<Table>> {
  const table: PgTable = entry.table;
  const [row] = await engine.db.select().from(table).where(byId(entry, id)).limit(1);
  if (!row) throw notFound(CRUD_MESSAGES.notFound(singular(entry), id));
  // As in findVisible: a row of `Table`.
  return row as RowOf<Table>;
}

/**
 * Every write below appends its audit entry (audit.service.ts) inside its own transaction, from
 * the rows the write already has in hand: the insert's and update's RETURNING, the row read to
 * check the request may change it. `source` is the request's (auditSourceOf).
 */
export async function createRecord<Table extends PgTable>(
  engine: Engine,
  typed: ResourceEntry<Table>,
  auth: AuthContext,
  source: AuditSource,
  body: Row,
  fixed: Row = {},
  /** A nested record belongs to its parent's account (an admin acting for no account may write one). */
  parentOwner: number | null = null,
): Promise<RowOf<Table>> {
  // The engine writes any table alike; only the row read back is typed.
  const entry: ResourceEntry = typed;
  const accountId = parentOwner ?? ownerOfNewRecord(entry, auth);
  await checkIntegrity(engine, entry, auth, body, null);
  const id = await transaction(engine.db, async (tx) => {
    const context: WriteContext = { db: tx, auth, action: 'create', accountId, existing: null };
    // A hook sees the parent's id of a nested record (it may count its siblings) and cannot change it.
    const given = { ...body, ...fixed };
    const values = { ...(entry.hooks?.prepare ? await entry.hooks.prepare(given, context) : given), ...fixed };
    const owner = accountColumn(entry) ? { accountId } : {};
    const [row] = await tx
      .insert(entry.table)
      .values({ ...columnValues(entry, values), ...owner })
      .returning();
    const created = Number(row?.id);
    await saveLinks(tx, entry, created, values, accountId);
    await writeAudit(tx, source, {
      accountId,
      resource: entry.definition.name,
      resourceId: created,
      action: 'create',
      // A hook may take a write-only field away (a password, hashed): it was given all the same.
      changes: diffRecord(entry, null, row ?? {}, { ...given, ...values }),
    });
    return created;
  }).catch((error: unknown) => {
    throw toClientError(entry, 'write', error);
  });
  const row = await reread(engine, typed, id);
  purge(engine, entry, row);
  entry.hooks?.committed?.(row, 'created', { db: engine.db, auth });
  return row;
}

/** PUT: the fields present in the body, each fully validated; the others stay as they are. */
export async function updateRecord<Table extends PgTable>(
  engine: Engine,
  typed: ResourceEntry<Table>,
  auth: AuthContext,
  source: AuditSource,
  id: number,
  body: Row,
  scope?: SQL,
): Promise<RowOf<Table>> {
  // The engine writes any table alike; only the row read back is typed.
  const entry: ResourceEntry = typed;
  const existing = await findVisible(engine, entry, auth, id, scope);
  assertMayChange(entry, auth, existing);
  await checkIntegrity(engine, entry, auth, body, existing);
  const accountId = ownerOf(entry, existing);
  await transaction(engine.db, async (tx) => {
    const context: WriteContext = { db: tx, auth, action: 'update', accountId, existing };
    const values = entry.hooks?.prepare ? await entry.hooks.prepare({ ...body }, context) : body;
    // The links' values before, only when the write replaces some (the row does not hold them).
    const linksBefore = linkFieldsOf(entry).some(([field]) => Array.isArray(values[field]))
      ? (await loadLinks(tx, entry, [id])).get(id)
      : undefined;
    // Touch updatedAt even when only links change.
    const [after] = await tx
      .update(entry.table)
      .set({ ...columnValues(entry, values), updatedAt: new Date() })
      .where(byId(entry, id))
      .returning();
    await saveLinks(tx, entry, id, values, accountId);
    await writeAudit(tx, source, {
      accountId,
      resource: entry.definition.name,
      resourceId: id,
      action: 'update',
      changes: diffRecord(entry, existing, after ?? existing, { ...body, ...values }, linksBefore),
    });
  }).catch((error: unknown) => {
    throw toClientError(entry, 'write', error);
  });
  const row = await reread(engine, typed, id);
  purge(engine, entry, row);
  entry.hooks?.committed?.(row, 'updated', { db: engine.db, auth });
  return row;
}

export async function deleteRecord(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  source: AuditSource,
  id: number,
  scope?: SQL,
): Promise<void> {
  const existing = await findVisible(engine, entry, auth, id, scope);
  assertMayChange(entry, auth, existing);
  const accountId = ownerOf(entry, existing);
  await transaction(engine.db, async (tx) => {
    await entry.hooks?.beforeDelete?.(existing, { db: tx, auth, accountId });
    await deleteTranslationsWith(tx, engine.entries, entry, [id]);
    await tx.delete(entry.table).where(byId(entry, id));
    await writeAudit(tx, source, {
      accountId,
      resource: entry.definition.name,
      resourceId: id,
      action: 'delete',
      changes: diffRecord(entry, existing, null),
    });
  }).catch((error: unknown) => {
    throw toClientError(entry, 'delete', error);
  });
  purge(engine, entry, existing);
  entry.hooks?.committed?.(existing, 'deleted', { db: engine.db, auth });
}
