import { isRecord } from '@regie/contract/guards';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { tableVersions } from '../db/table-versions.table.ts';
import { databaseError } from './resources.errors.ts';
import type { ResourceEntry, Row } from './resources.types.ts';

/**
 * Answers of the generic list call, kept per process while the tables they were read from are
 * unchanged.
 *
 * Every write to a table a cached list reads bumps that table's row in `table_versions`, by a
 * statement trigger (so writes of every kind are seen: the engine's, a domain service's, a
 * cascade, another process's). A list call reads the versions of its tables first (one small
 * query), then serves the answer kept for those versions, or reads the list and keeps it.
 * Reading the versions before the list is what makes this safe in READ COMMITTED: the answer
 * kept under a version was read after that version was committed, so it is at least as new.
 * A concurrent write only costs a miss.
 *
 * Cached: resources whose answer depends only on their tables and the request's account — no
 * per-user scope (own_videos_only), no computed values (signed media URLs expire), no `expand`.
 */

/** Answers kept per process (the oldest goes first). */
const MAX_ENTRIES = 2_000;

const TRIGGER = 'regie_table_version';

export interface ListCache {
  /** The answer of a list call: the kept one while its tables are unchanged, else a fresh one. */
  answer(
    entry: ResourceEntry,
    /** `account`: the account whose rows the list shows, null when it shows every account's. */
    request: { account: number | null; params: unknown; query: unknown },
    read: () => Promise<ListAnswer>,
  ): Promise<ListAnswer>;
}

/** Whether a resource's lists may be kept (see above). */
export function isCacheable(entry: ResourceEntry): boolean {
  return !entry.scope && !entry.present;
}

/** The tables a list of the resource reads: its own, and those of its link fields. */
export function tablesRead(entry: ResourceEntry): string[] {
  const tables: PgTable[] = [entry.table];
  for (const link of Object.values(entry.links ?? {})) {
    tables.push(link.table);
    if (link.lookup) tables.push(link.lookup.table);
  }
  return [...new Set(tables.map((table) => getTableName(table)))].sort();
}

/** What the list call answers (resources.schemas.ts `list`); a type, not an interface: Fastify wants a record. */
export type ListAnswer = {
  data: Row[];
  total: number;
  offset: number;
  limit: number;
  nextCursor: string | null;
};

interface Kept {
  versions: string;
  answer: ListAnswer;
}

export function createListCache(db: Db, options: { maxEntries?: number } = {}): ListCache {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const kept = new Map<string, Kept>();
  const versionsOf = versionsStatement(db);
  // A resource's answers are kept only once the triggers of its tables are in place (else a write
  // would go unseen): checked, and installed if need be, on its first list call. Null: not kept.
  const prepared = new Map<ResourceEntry, Promise<string[] | null>>();
  const tablesOf = (entry: ResourceEntry) => {
    let tables = prepared.get(entry);
    if (!tables) {
      const names = tablesRead(entry);
      tables = isCacheable(entry)
        ? installVersionTriggers(db, names).then(
            () => names,
            () => null,
          )
        : Promise.resolve(null);
      prepared.set(entry, tables);
    }
    return tables;
  };

  return {
    async answer(entry, request, read) {
      const tables = await tablesOf(entry);
      if (!tables) return read();
      const key = JSON.stringify([entry.definition.name, request.account, request.params, request.query]);
      // Versions first, then the list (see above).
      const versions = await versionsOf(tables);
      const hit = kept.get(key);
      // A kept answer is never changed: resources.http.ts plainJson writes its text once.
      if (hit && hit.versions === versions) return hit.answer;
      const answer = await read();
      kept.delete(key);
      kept.set(key, { versions, answer });
      if (kept.size > maxEntries) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      return answer;
    },
  };
}

/**
 * The versions of some tables as one text ('4.0.17'), by a statement prepared once.
 *
 * Calls for the same tables share a read, but only one sent after they arrived: while a read is
 * on its way, the calls that come in wait for the next one, which starts as soon as it is back.
 * Each call still sees every write committed before it arrived (what keeps the cache safe, see
 * above), and a busy process sends one small query per batch of calls instead of one per call.
 */
export function versionsStatement(db: Db): (names: readonly string[]) => Promise<string> {
  const statement = db
    .select({ name: tableVersions.name, version: tableVersions.version })
    .from(tableVersions)
    .where(sql`${tableVersions.name} = any(${sql.placeholder('names')}::text[])`)
    .prepare('regie_table_versions');
  const read = async (names: readonly string[]) => {
    const rows = await statement.execute({ names: [...names] });
    const byName = new Map(rows.map((row) => [row.name, row.version]));
    return names.map((name) => String(byName.get(name) ?? 0)).join('.');
  };
  /** Per set of tables: the read on its way, and the one the calls arrived since then wait for. */
  const reads = new Map<string, { sent: Promise<string>; next: Promise<string> | null }>();
  const send = (key: string, names: readonly string[]): Promise<string> => {
    const sent = read(names);
    const state = { sent, next: null as Promise<string> | null };
    reads.set(key, state);
    const done = () => {
      if (reads.get(key) === state && state.next === null) reads.delete(key);
    };
    sent.then(done, done);
    return sent;
  };
  return (names) => {
    const key = names.join(',');
    const state = reads.get(key);
    if (!state) return send(key, names);
    // Sent before this call arrived: it may miss a write this call's client already saw.
    state.next ??= state.sent.then(
      () => send(key, names),
      () => send(key, names),
    );
    return state.next;
  };
}

/**
 * The trigger function (written by migration 0010) on each table; a table that has it keeps it.
 * Two processes starting together may both create one: the loser's duplicate is ignored.
 */
async function installVersionTriggers(db: Db, names: readonly string[]): Promise<void> {
  const result: unknown = await db.execute(
    sql`select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname = ${TRIGGER} and c.relnamespace = 'public'::regnamespace`,
  );
  // Both drivers answer `{ rows }`.
  const rows = isRecord(result) && Array.isArray(result.rows) ? result.rows : [];
  const have = new Set(rows.flatMap((row) => (isRecord(row) && typeof row.table === 'string' ? [row.table] : [])));
  for (const name of names) {
    if (have.has(name)) continue;
    try {
      await db.execute(
        sql.raw(
          `create trigger ${TRIGGER} after insert or update or delete or truncate on "${name}" ` +
            'for each statement execute function regie_bump_table_version()',
        ),
      );
    } catch (error) {
      // duplicate_object, or the catalog's unique index when two creations raced.
      const code = databaseError(error)?.code;
      if (code !== '42710' && code !== '23505') throw error;
    }
  }
}
