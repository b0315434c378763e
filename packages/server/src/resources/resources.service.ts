import { LIST_LIMITS } from '@regie/contract/resources/define';
import { CRUD_MESSAGES, type ListResponse } from '@regie/contract/resources/shapes';
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { transaction } from '../db/transactions.ts';
import { notFound } from '../http/http.errors.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import { assertMayChange, ownerOf, ownerOfNewRecord, visibleRows } from './resources.access.ts';
import { accountColumn, columnsOf, singular } from './resources.columns.ts';
import { toClientError } from './resources.errors.ts';
import { checkIntegrity } from './resources.integrity.ts';
import { loadLinks, saveLinks } from './resources.links.ts';
import { presentRow } from './resources.presenter.ts';
import {
  afterCursor,
  allOf,
  byId,
  cursorValue,
  encodeCursor,
  filterConditions,
  orderBy,
  parseSort,
  searchCondition,
  totalOf,
} from './resources.query.ts';
import type { Engine, ResourceEntry, Row, RowOf, WriteContext } from './resources.types.ts';
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
export async function presentOne(engine: Engine, entry: ResourceEntry, row: Row): Promise<Row> {
  const [record] = await presentRows(engine, entry, [row]);
  return record ?? {};
}

/** Presents rows with their link fields (one query per link field for the whole page). */
export async function presentRows(engine: Engine, entry: ResourceEntry, rows: readonly Row[]): Promise<Row[]> {
  const links = await loadLinks(
    engine.db,
    entry,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => {
    const record = presentRow(entry, row, links.get(Number(row.id)));
    return entry.present ? entry.present(record, row, engine.present) : record;
  });
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
  const where = allOf(
    visibleRows(entry, auth),
    scope,
    ...filterConditions(db, entry, query),
    search ? searchCondition(entry, search) : undefined,
  );
  const offset = query.after ? 0 : query.offset;
  // The page and the total in one statement (the total as a scalar subquery, which ignores the
  // cursor): one round trip instead of two.
  const rows: Row[] = await db
    .select({ ...columnsOf(entry), $cursor: cursorValue(entry, sort), $total: totalOf(entry, where) })
    .from(entry.table)
    .where(allOf(where, query.after ? afterCursor(entry, sort, query.after) : undefined))
    .orderBy(...orderBy(entry, sort))
    .limit(limit + 1)
    .offset(offset);
  // No row to carry it (a page past the end): the total then takes a statement of its own.
  const total =
    rows[0] !== undefined
      ? Number(rows[0].$total)
      : offset === 0 && !query.after
        ? 0
        : ((await db.select({ total: count() }).from(entry.table).where(where))[0]?.total ?? 0);
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

export async function createRecord<Table extends PgTable>(
  engine: Engine,
  typed: ResourceEntry<Table>,
  auth: AuthContext,
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
    const values = { ...(entry.hooks?.prepare ? await entry.hooks.prepare({ ...body }, context) : body), ...fixed };
    const owner = accountColumn(entry) ? { accountId } : {};
    const [row] = await tx
      .insert(entry.table)
      .values({ ...columnValues(entry, values), ...owner })
      .returning();
    const created = Number(row?.id);
    await saveLinks(tx, entry, created, values, accountId);
    return created;
  }).catch((error: unknown) => {
    throw toClientError(entry, 'write', error);
  });
  const row = await reread(engine, typed, id);
  purge(engine, entry, row);
  return row;
}

/** PUT: the fields present in the body, each fully validated; the others stay as they are. */
export async function updateRecord<Table extends PgTable>(
  engine: Engine,
  typed: ResourceEntry<Table>,
  auth: AuthContext,
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
    // Touch updatedAt even when only links change.
    await tx
      .update(entry.table)
      .set({ ...columnValues(entry, values), updatedAt: new Date() })
      .where(byId(entry, id));
    await saveLinks(tx, entry, id, values, accountId);
  }).catch((error: unknown) => {
    throw toClientError(entry, 'write', error);
  });
  const row = await reread(engine, typed, id);
  purge(engine, entry, row);
  return row;
}

export async function deleteRecord(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  id: number,
  scope?: SQL,
): Promise<void> {
  const existing = await findVisible(engine, entry, auth, id, scope);
  assertMayChange(entry, auth, existing);
  await transaction(engine.db, async (tx) => {
    await entry.hooks?.beforeDelete?.(existing, { db: tx, auth, accountId: ownerOf(entry, existing) });
    await deleteTranslationsWith(tx, engine.entries, entry, [id]);
    await tx.delete(entry.table).where(byId(entry, id));
  }).catch((error: unknown) => {
    throw toClientError(entry, 'delete', error);
  });
  purge(engine, entry, existing);
}
