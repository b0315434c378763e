import { getTableConfig } from 'drizzle-orm/pg-core';
import { accountColumn, findColumn } from './resources.columns.ts';
import type { ResourceEntry } from './resources.types.ts';

/**
 * What a declaration must agree on with its table and the other declarations. Checked at boot,
 * so a mistake in a new resource stops the server with one clear list instead of a 500 later.
 */
export function entryProblems(entry: ResourceEntry, entries: readonly ResourceEntry[]): string[] {
  const { definition } = entry;
  const problems: string[] = [];
  const fields = Object.keys(definition.fields.shape);
  const isLink = (field: string) => Boolean(entry.links?.[field]);
  const hasColumn = (field: string) => Boolean(findColumn(entry, field));
  const names = new Set(entries.map((other) => other.definition.name));

  for (const system of ['id', 'createdAt', 'updatedAt']) {
    if (!hasColumn(system)) problems.push(`the table has no ${system} column`);
  }
  if (definition.tenancy !== 'platform' && !accountColumn(entry)) {
    problems.push(`tenancy '${definition.tenancy}' needs an accountId column`);
  }
  for (const field of fields) {
    const ui = definition.ui[field];
    if (!ui) problems.push(`field ${field} has no ui`);
    // A write-only field (a password) is stored by the resource's prepare hook, under another name.
    if (!ui?.writeOnly && !isLink(field) && !hasColumn(field)) problems.push(`field ${field} has no column`);
  }
  for (const field of definition.sortable) {
    const column = findColumn(entry, field);
    if (!column) problems.push(`sortable ${field} has no column`);
    else if (!column.notNull) problems.push(`sortable ${field} must be NOT NULL (keyset paging compares it)`);
  }
  for (const field of definition.search) if (!hasColumn(field)) problems.push(`search field ${field} has no column`);
  for (const field of definition.filters) {
    if (field !== 'AccountId' && !isLink(field) && !hasColumn(field)) problems.push(`filter ${field} has no column`);
  }
  for (const set of definition.unique ?? []) {
    for (const field of set) if (!hasColumn(field)) problems.push(`unique field ${field} has no column`);
  }
  for (const field of definition.translatable ?? []) {
    if (!fields.includes(field)) problems.push(`translatable ${field} is not a field`);
  }
  for (const [name, relation] of Object.entries(definition.relations ?? {})) {
    if (!names.has(relation.resource) && !relation.pending) {
      problems.push(`relation ${name}: no resource ${relation.resource}`);
    }
    if (relation.kind === 'collected') {
      const via = relation.via ? definition.relations?.[relation.via] : undefined;
      if (!via || via.kind === 'collected' || via.resource !== relation.resource || !relation.field) {
        problems.push(
          `relation ${name}: a 'collected' relation names a relation 'via' to ${relation.resource} and a field`,
        );
      }
    } else if (relation.kind === 'manyToMany') {
      const through = [...Object.values(entry.links ?? {}), ...(entry.joins ?? [])].some(
        (link) => getTableConfig(link.table).name === relation.through,
      );
      if (!through) problems.push(`relation ${name}: no link field through ${relation.through}`);
    } else if (!relation.foreignKey) {
      problems.push(`relation ${name}: a '${relation.kind}' relation needs a foreignKey`);
    }
  }
  for (const rule of definition.rules ?? []) {
    if (!fields.includes(rule.field)) problems.push(`rule on ${rule.field}: not a field`);
  }
  for (const [field, ui] of Object.entries(definition.ui)) {
    if ((ui.widget === 'reference' || ui.widget === 'references') && !ui.reference) {
      problems.push(`field ${field}: a ${ui.widget} field names the resource it refers to`);
    }
  }
  if (definition.parent) {
    if (!names.has(definition.parent.resource)) problems.push(`parent ${definition.parent.resource} is not declared`);
    if (!hasColumn(definition.parent.field)) problems.push(`parent field ${definition.parent.field} has no column`);
  }
  return problems;
}

export function checkEntries(entries: readonly ResourceEntry[]): void {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const { name } = entry.definition;
    if (seen.has(name)) problems.push(`${name}: declared twice`);
    seen.add(name);
    for (const problem of entryProblems(entry, entries)) problems.push(`${name}: ${problem}`);
  }
  if (problems.length) throw new Error(`Resource declarations do not fit their tables:\n  ${problems.join('\n  ')}`);
}
