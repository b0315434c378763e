import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { badRequest } from '../http/http.errors.ts';
import { idColumn } from './resources.columns.ts';
import type { LinkField, ResourceEntry } from './resources.types.ts';

/** Link fields (lists kept in join tables, such as users.groups): read, filter and write them. */

export function linkFieldsOf(entry: ResourceEntry): [string, LinkField][] {
  return Object.entries(entry.links ?? {});
}

/** What the API shows of a link: the linked id, or the linked table's value (a role name). */
function shownColumn(link: LinkField): PgColumn {
  return link.lookup ? link.lookup.value : link.target;
}

/** The link values of each record: `recordId → {field → values}`, values sorted. */
export async function loadLinks(
  db: Db,
  entry: ResourceEntry,
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown[]>>> {
  const byRecord = new Map<number, Record<string, unknown[]>>();
  const fields = linkFieldsOf(entry);
  for (const id of ids) byRecord.set(id, Object.fromEntries(fields.map(([field]) => [field, []])));
  if (ids.length === 0) return byRecord;
  for (const [field, link] of fields) {
    const value = shownColumn(link);
    const query = db.select({ owner: link.owner, value }).from(link.table);
    const joined = link.lookup ? query.innerJoin(link.lookup.table, eq(link.lookup.id, link.target)) : query;
    const rows = await joined.where(inArray(link.owner, [...ids])).orderBy(value);
    for (const row of rows) byRecord.get(Number(row.owner))?.[field]?.push(row.value);
  }
  return byRecord;
}

/** Records linked to any of `values` through the link (a filter such as users?groups=3). */
export function linkFilter(db: Db, entry: ResourceEntry, link: LinkField, values: readonly unknown[]): SQL {
  const owners = db.select({ owner: link.owner }).from(link.table);
  const matching = link.lookup
    ? owners
        .innerJoin(link.lookup.table, eq(link.lookup.id, link.target))
        .where(inArray(link.lookup.value, [...values]))
    : owners.where(inArray(link.target, [...values]));
  return inArray(idColumn(entry), matching);
}

/**
 * The ids to store for the given values: looked up by value (role names), and checked to exist
 * in the record's account when the link says so. Unknown ones answer 400 naming the field.
 */
async function targetIds(
  db: Db,
  field: string,
  link: LinkField,
  values: readonly unknown[],
  accountId: number | null,
): Promise<number[]> {
  const unique = [...new Set(values)];
  if (unique.length === 0) return [];
  let found: { id: unknown; value: unknown }[];
  if (link.lookup) {
    found = await db
      .select({ id: link.lookup.id, value: link.lookup.value })
      .from(link.lookup.table)
      .where(inArray(link.lookup.value, unique));
  } else if (link.sameAccount) {
    const { table, id, accountId: owner } = link.sameAccount;
    const inAccount = accountId === null ? undefined : eq(owner, accountId);
    found = await db
      .select({ id, value: id })
      .from(table)
      .where(and(inArray(id, unique), inAccount));
  } else {
    found = unique.map((value) => ({ id: value, value }));
  }
  const known = new Set(found.map((row) => row.value));
  const missing = unique.filter((value) => !known.has(value));
  if (missing.length > 0) {
    const message = CRUD_MESSAGES.unknownLinked(field, missing.map(String));
    throw badRequest(message, [{ path: field, message }]);
  }
  return found.map((row) => Number(row.id));
}

/** Replaces the record's links for every link field present in `values`. */
export async function saveLinks(
  db: Db,
  entry: ResourceEntry,
  recordId: number,
  values: Record<string, unknown>,
  accountId: number | null,
): Promise<void> {
  for (const [field, link] of linkFieldsOf(entry)) {
    const given = values[field];
    if (!Array.isArray(given)) continue;
    const ids = await targetIds(db, field, link, given, accountId);
    await db.delete(link.table).where(eq(link.owner, recordId));
    if (ids.length === 0) continue;
    const ownerKey = keyOf(link, link.owner);
    const targetKey = keyOf(link, link.target);
    await db.insert(link.table).values(ids.map((id) => ({ [ownerKey]: recordId, [targetKey]: id })));
  }
}

/** The table key of a join column (inserts take keys, not columns). */
function keyOf(link: LinkField, target: PgColumn): string {
  for (const [key, candidate] of Object.entries(getTableColumns(link.table))) if (candidate === target) return key;
  throw new Error(`Join table column ${target.name} not found`);
}
