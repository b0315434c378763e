import { isRecord } from '@regie/contract/guards';
import type { Relation } from '@regie/contract/resources/define';
import { CRUD_MESSAGES } from '@regie/contract/resources/shapes';
import { asc, inArray } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/http.errors.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';
import { assertMayRead, visibleRows } from './resources.access.ts';
import { column, idColumn, tableKey } from './resources.columns.ts';
import { linkFieldsOf } from './resources.links.ts';
import { allOf, orderBy } from './resources.query.ts';
import { presentRows } from './resources.service.ts';
import type { Engine, LinkField, ResourceEntry, Row } from './resources.types.ts';

/** GET …?expand=[Groups]: declared relations, presented by their own resource, read in one query each. */

/** Most related records one relation brings per request. */
const EXPAND_LIMIT = 500;

/**
 * Checks the requested names against the declaration: unknown → 400 naming the known ones. A
 * field the presenter always adds (an account's Modules) may be named too: it is there already.
 */
export function checkExpand(entry: ResourceEntry, names: readonly string[] | undefined): string[] {
  const relations = Object.keys(entry.definition.relations ?? {});
  const presented = Object.keys(entry.presentedFields ?? {});
  const requested = [...new Set(names ?? [])];
  for (const name of requested) {
    if (!relations.includes(name) && !presented.includes(name)) {
      const message = CRUD_MESSAGES.unknownRelation(name, [...relations, ...presented]);
      throw badRequest(message, [{ path: 'expand', message }]);
    }
  }
  return requested.filter((name) => relations.includes(name));
}

function joinOf(entry: ResourceEntry, relation: Relation): LinkField {
  const joins = [...linkFieldsOf(entry).map(([, link]) => link), ...(entry.joins ?? [])];
  const link = joins.find((candidate) => getTableConfig(candidate.table).name === relation.through);
  if (!link) throw new Error(`Resource ${entry.definition.name}: no link field through ${relation.through}`);
  return link;
}

/** For each row id, the related records under the relation's name. */
async function expandOne(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  rows: readonly Row[],
  relation: Relation,
): Promise<Map<number, unknown>> {
  const related = engine.byName(relation.resource);
  const result = new Map<number, unknown>();
  if (!related && relation.pending) {
    // Not served yet: nothing can be linked to it either.
    for (const row of rows) result.set(Number(row.id), relation.kind === 'one' ? null : []);
    return result;
  }
  if (!related) throw new Error(`Resource ${entry.definition.name}: unknown related resource ${relation.resource}`);
  assertMayRead(related.definition, auth);
  const ids = rows.map((row) => Number(row.id));
  const visible = visibleRows(related, auth);
  const select = (where: ReturnType<typeof allOf>) =>
    engine.db
      .select()
      .from(related.table)
      .where(allOf(where, visible))
      .orderBy(...orderBy(related, related.definition.defaultSort))
      .limit(EXPAND_LIMIT);

  if (relation.kind === 'one') {
    const key = tableKey(relation.foreignKey ?? '');
    const targets = rows.map((row) => row[key]).filter((value): value is number => typeof value === 'number');
    const found = targets.length ? await select(inArray(idColumn(related), targets)) : [];
    const presented = await presentRows(engine, related, found, auth);
    const byId = new Map(presented.map((record) => [Number(record.id), record]));
    for (const row of rows) result.set(Number(row.id), byId.get(Number(row[key])) ?? null);
    return result;
  }

  for (const id of ids) result.set(id, []);
  if (relation.kind === 'collected') return collect(engine, entry, auth, rows, relation);
  if (relation.kind === 'many') {
    const key = tableKey(relation.foreignKey ?? '');
    const found = await select(inArray(column(related, relation.foreignKey ?? ''), ids));
    const presented = await presentRows(engine, related, found, auth);
    found.forEach((row, index) => {
      const list = result.get(Number(row[key]));
      if (Array.isArray(list)) list.push(presented[index]);
    });
    return result;
  }

  const link = joinOf(entry, relation);
  const pairs = await engine.db
    .select({ owner: link.owner, target: link.target })
    .from(link.table)
    .where(inArray(link.owner, ids))
    .orderBy(...(link.position ? [asc(link.position)] : []));
  const targets = [...new Set(pairs.map((pair) => Number(pair.target)))];
  const found = targets.length ? await select(inArray(idColumn(related), targets)) : [];
  const presented = await presentRows(engine, related, found, auth);
  const byId = new Map(presented.map((record) => [Number(record.id), record]));
  const position = new Map(found.map((row, index) => [Number(row.id), index]));
  // The join's own order when it has one, else the related resource's sort.
  const ordered = link.position
    ? pairs
    : pairs.sort((a, b) => (position.get(Number(a.target)) ?? 0) - (position.get(Number(b.target)) ?? 0));
  for (const pair of ordered) {
    const record = byId.get(Number(pair.target));
    const list = result.get(Number(pair.owner));
    if (record && Array.isArray(list)) list.push(record);
  }
  return result;
}

/** The distinct values of `relation.field` over each row's `relation.via` records, as `{ name }`. */
async function collect(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  rows: readonly Row[],
  relation: Relation,
): Promise<Map<number, unknown>> {
  const via = entry.definition.relations?.[relation.via ?? ''];
  if (!via) throw new Error(`Resource ${entry.definition.name}: no relation ${relation.via} to collect from`);
  const through = await expandOne(engine, entry, auth, rows, via);
  const result = new Map<number, unknown>();
  for (const row of rows) {
    const records = through.get(Number(row.id));
    const values = new Set<string>();
    for (const record of Array.isArray(records) ? records : [records]) {
      const list = isRecord(record) ? record[relation.field ?? ''] : undefined;
      if (Array.isArray(list)) for (const value of list) values.add(String(value));
    }
    result.set(
      Number(row.id),
      [...values].sort().map((name) => ({ name })),
    );
  }
  return result;
}

/** Adds the requested relations to presented records (same order as `rows`). */
export async function expandRecords(
  engine: Engine,
  entry: ResourceEntry,
  auth: AuthContext,
  rows: readonly Row[],
  records: Row[],
  names: readonly string[],
): Promise<Row[]> {
  for (const name of names) {
    const relation = entry.definition.relations?.[name];
    if (!relation) continue;
    const expanded = await expandOne(engine, entry, auth, rows, relation);
    records.forEach((record, index) => {
      record[name] = expanded.get(Number(rows[index]?.id)) ?? (relation.kind === 'one' ? null : []);
    });
  }
  return records;
}
