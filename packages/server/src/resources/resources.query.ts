import { parseDateRange } from '@regie/contract/resources/define';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { badRequest } from '../http/http.errors.ts';
import { column, findColumn, idColumn } from './resources.columns.ts';
import { linkFilter } from './resources.links.ts';
import type { ResourceEntry } from './resources.types.ts';

/** The list query: normalising the query string, filters, search, sort and keyset cursors. */

/**
 * `x[]=a&x[]=b`, `x=a&x=b` and `x=a` all become `x: [a, b]` or `x: [a]` for the keys in
 * `arrayKeys`; `expand=[A,B]` and `expand=A,B` become `expand: [A, B]` (spec §7).
 */
export function normaliseQuery(raw: unknown, arrayKeys: ReadonlySet<string>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (typeof raw !== 'object' || raw === null) return query;
  for (const [rawKey, value] of Object.entries(raw)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    if (!arrayKeys.has(key)) {
      query[key] = value;
      continue;
    }
    let values = (Array.isArray(value) ? value : [value]).map(String);
    if (key === 'expand') {
      values = values.flatMap((item) =>
        item
          .replace(/^\[(.*)\]$/, '$1')
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      );
    }
    query[key] = [...(Array.isArray(query[key]) ? (query[key] as unknown[]) : []), ...values];
  }
  return query;
}

/** `%`, `_` and `\` match themselves in a search. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Case-insensitive match of the text in any of the resource's search fields. */
export function searchCondition(entry: ResourceEntry, text: string, fields = entry.definition.search): SQL | undefined {
  return searchPatternCondition(entry, likePattern(text), fields);
}

/** The same with the pattern given (a prepared statement's placeholder). */
export function searchPatternCondition(
  entry: ResourceEntry,
  pattern: string | Placeholder,
  fields = entry.definition.search,
): SQL | undefined {
  return or(...fields.map((field) => ilike(column(entry, field), pattern)));
}

/** The conditions of the declared filters present in the (normalised, validated) query. */
export function filterConditions(db: Db, entry: ResourceEntry, query: Record<string, unknown>): SQL[] {
  const conditions: SQL[] = [];
  for (const field of ['AccountId', ...entry.definition.filters]) {
    const values = query[field];
    if (!Array.isArray(values) || values.length === 0) continue;
    const link = entry.links?.[field];
    if (link) {
      conditions.push(linkFilter(db, entry, link, values));
      continue;
    }
    const target = findColumn(entry, field);
    // AccountId on a table without accounts: nothing to narrow.
    if (!target) continue;
    if (target.columnType === 'PgTimestamp') {
      conditions.push(or(...values.map((value) => rangeCondition(target, String(value)))) ?? sql`false`);
      continue;
    }
    conditions.push(target.columnType === 'PgArray' ? arrayOverlaps(target, values) : inArray(target, values));
  }
  const ids = query.id;
  if (Array.isArray(ids) && ids.length > 0) conditions.push(inArray(idColumn(entry), ids));
  // Spec §6's SportId, once resources.context.ts kept it: that sport's records and those without a
  // sport (about every sport).
  const sportId = query.SportId;
  const sport = findColumn(entry, 'sportId');
  if (sport && Array.isArray(sportId) && sportId.length > 0) {
    const ids = sportId.map(Number).filter((id) => Number.isInteger(id) && id > 0);
    conditions.push(or(inArray(sport, ids.length ? ids : [0]), isNull(sport)) ?? sql`false`);
  }
  return conditions;
}

/** A date-time column within a `from..to` range (the query schema checked it is one). */
function rangeCondition(target: PgColumn, value: string): SQL {
  const range = parseDateRange(value);
  if (!range) return sql`false`;
  return (
    and(
      range.from ? gte(target, new Date(range.from)) : undefined,
      range.to ? lte(target, new Date(range.to)) : undefined,
    ) ?? sql`true`
  );
}

export interface Sort {
  field: string;
  direction: 'asc' | 'desc';
}

export function parseSort(entry: ResourceEntry, value: string | undefined): Sort {
  if (!value) return entry.definition.defaultSort;
  return value.startsWith('-') ? { field: value.slice(1), direction: 'desc' } : { field: value, direction: 'asc' };
}

/** ORDER BY the sort column, then id the same way, so pages never overlap. */
export function orderBy(entry: ResourceEntry, sort: Sort): SQL[] {
  const by = sort.direction === 'asc' ? asc : desc;
  return [by(column(entry, sort.field)), by(idColumn(entry))];
}

/** The sort column as text: what a cursor keeps (timestamps to the microsecond). */
export function cursorValue(entry: ResourceEntry, sort: Sort): SQL<string> {
  return sql<string>`${column(entry, sort.field)}::text`;
}

export interface Cursor {
  sort: string;
  value: string;
  id: number;
}

function sortKey(sort: Sort): string {
  return `${sort.direction === 'desc' ? '-' : ''}${sort.field}`;
}

export function encodeCursor(sort: Sort, value: string, id: number): string {
  return Buffer.from(JSON.stringify([sortKey(sort), value, id])).toString('base64url');
}

function decodeCursor(text: string): Cursor | null {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 3) return null;
    const [sort, value, id] = decoded;
    if (typeof sort !== 'string' || typeof value !== 'string' || !Number.isSafeInteger(id)) return null;
    return { sort, value, id };
  } catch {
    return null;
  }
}

/**
 * Rows after the cursor, as one row-value comparison `(sort, id) > (value, id)`: PostgreSQL
 * walks an index on (…, sort, id) for it, where `a > x or (a = x and id > y)` scans.
 */
export function afterCursor(entry: ResourceEntry, sort: Sort, text: string): SQL {
  const cursor = readCursor(sort, text);
  return afterValues(entry, sort, cursor.value, cursor.id);
}

/** The cursor of the query string, checked against the sort (400 otherwise). */
export function readCursor(sort: Sort, text: string): Cursor {
  const cursor = decodeCursor(text);
  if (!cursor || cursor.sort !== sortKey(sort)) {
    throw badRequest(CRUD_MESSAGES.invalidCursor, [{ path: 'after', message: CRUD_MESSAGES.invalidCursor }]);
  }
  return cursor;
}

/** Rows after (sort value, id), the values given or placeholders of a prepared statement. */
export function afterValues(
  entry: ResourceEntry,
  sort: Sort,
  cursorValue: string | Placeholder,
  cursorId: number | Placeholder,
): SQL {
  const cursor = { value: cursorValue, id: cursorId };
  const target: PgColumn = column(entry, sort.field);
  const type = target
    .getSQLType()
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint');
  const value = sql`cast(${cursor.value} as ${sql.raw(type)})`;
  const operator = sql.raw(sort.direction === 'asc' ? '>' : '<');
  return sql`(${target}, ${idColumn(entry)}) ${operator} (${value}, ${cursor.id})`;
}

/** Joins conditions, skipping absent ones. */
export function allOf(...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(...conditions.filter((condition): condition is SQL => condition !== undefined));
}

/** Equality on the id column. */
export function byId(entry: ResourceEntry, id: number): SQL {
  return eq(idColumn(entry), id);
}

/** The number of rows `where` matches, as a column of the page's own statement. */
export function totalOf(entry: ResourceEntry, where: SQL | undefined): SQL<number> {
  return sql`(select count(*) from ${entry.table}${where ? sql` where ${where}` : sql``})`.mapWith(Number);
}
