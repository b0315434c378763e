import { and, eq, inArray } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { translations } from '../db/translations.table.ts';
import { idColumn } from './resources.columns.ts';
import type { ResourceEntry } from './resources.types.ts';

/**
 * Translations live in one table without foreign keys (any resource, any record), so the
 * database cannot remove them with their record. Deleting a record removes its translations and
 * those of every record the delete cascades to (a competition's seasons and their rounds), found
 * from the tables' `on delete cascade` foreign keys.
 */

interface CascadeChild {
  entry: ResourceEntry;
  /** The child's column referencing the parent's id. */
  column: PgColumn;
}

/** Deep enough for every chain of the schema; stops a self-referencing table from looping. */
const MAX_DEPTH = 8;

/** Per registry (tests build engines over other lists), per resource. */
const childrenCache = new WeakMap<readonly ResourceEntry[], WeakMap<ResourceEntry, CascadeChild[]>>();

/** The engine's resources whose rows go when a row of `parent` is deleted. */
function directChildren(entries: readonly ResourceEntry[], parent: ResourceEntry): CascadeChild[] {
  const parentId = idColumn(parent);
  const children: CascadeChild[] = [];
  for (const entry of entries) {
    for (const key of getTableConfig(entry.table).foreignKeys) {
      if (key.onDelete !== 'cascade') continue;
      const { columns, foreignColumns } = key.reference();
      const [column] = columns;
      if (column && columns.length === 1 && foreignColumns[0] === parentId) children.push({ entry, column });
    }
  }
  return children;
}

function hasTranslationsBelow(
  entries: readonly ResourceEntry[],
  entry: ResourceEntry,
  seen: Set<ResourceEntry>,
): boolean {
  if (entry.definition.translatable?.length) return true;
  if (seen.has(entry)) return false;
  seen.add(entry);
  return directChildren(entries, entry).some((child) => hasTranslationsBelow(entries, child.entry, seen));
}

/** The cascaded resources worth a look: translatable ones, or leading to one. Computed once per resource. */
export function cascadeChildren(entries: readonly ResourceEntry[], parent: ResourceEntry): CascadeChild[] {
  let byParent = childrenCache.get(entries);
  if (!byParent) {
    byParent = new WeakMap();
    childrenCache.set(entries, byParent);
  }
  const cached = byParent.get(parent);
  if (cached) return cached;
  const children = directChildren(entries, parent).filter((child) =>
    hasTranslationsBelow(entries, child.entry, new Set([parent])),
  );
  byParent.set(parent, children);
  return children;
}

/** Before deleting rows `ids` of `entry` (inside the delete's transaction): removes the translations that would be left. */
export async function deleteTranslationsWith(
  db: Db,
  entries: readonly ResourceEntry[],
  entry: ResourceEntry,
  ids: readonly number[],
  depth = 0,
): Promise<void> {
  if (ids.length === 0 || depth > MAX_DEPTH) return;
  if (entry.definition.translatable?.length) {
    await db
      .delete(translations)
      .where(and(eq(translations.resource, entry.definition.name), inArray(translations.recordId, [...ids])));
  }
  for (const child of cascadeChildren(entries, entry)) {
    const rows = await db
      .select({ id: idColumn(child.entry) })
      .from(child.entry.table)
      .where(inArray(child.column, [...ids]));
    await deleteTranslationsWith(
      db,
      entries,
      child.entry,
      rows.map((row) => Number(row.id)),
      depth + 1,
    );
  }
}
