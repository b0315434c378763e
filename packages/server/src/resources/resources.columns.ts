import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceEntry } from './resources.types.ts';

/**
 * Field names of the API ↔ keys of the table: the same, except the system field AccountId,
 * stored as accountId.
 */
export function tableKey(field: string): string {
  return field === 'AccountId' ? 'accountId' : field;
}

export function columnsOf(entry: ResourceEntry): Record<string, PgColumn> {
  return getTableColumns(entry.table);
}

/** The column of a field, or undefined when the table has none (a link, a write-only field). */
export function findColumn(entry: ResourceEntry, field: string): PgColumn | undefined {
  return columnsOf(entry)[tableKey(field)];
}

export function column(entry: ResourceEntry, field: string): PgColumn {
  const found = findColumn(entry, field);
  if (!found) throw new Error(`Resource ${entry.definition.name}: the table has no column for ${field}`);
  return found;
}

export function idColumn(entry: ResourceEntry): PgColumn {
  return column(entry, 'id');
}

/** The owning account's column; platform tables (accounts) have none. */
export function accountColumn(entry: ResourceEntry): PgColumn | undefined {
  return findColumn(entry, 'AccountId');
}

/** The English name of one record, for messages: 'Tag', or the declaration's `singular`. */
export function singular(entry: ResourceEntry): string {
  const name = entry.definition.singular ?? entry.definition.name.replace(/s$/, '').replace(/-/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}
