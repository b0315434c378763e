import { Readable } from 'node:stream';
import { FAN_EXPORT_COLUMNS, FAN_LIMITS } from '@regie/contract/fans';
import { and, type Column, desc, lt, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '../db/database.ts';
import { fans } from '../db/fans.table.ts';
import { COPY_CSV, csvHeader, csvLines, namedColumns } from '../http/csv.ts';

/**
 * The fans export, CSV as PostgreSQL's COPY writes it (RFC 4180): a UTF-8 byte order mark, the
 * header line, one line per fan ending in LF; a cell is quoted (quotes doubled) when it holds a
 * comma, a quote or a line break; null and empty text are empty cells. Text a spreadsheet would
 * run as a formula (= + - @, tab, carriage return first) gets a leading apostrophe. Times are
 * ISO 8601 UTC with milliseconds, booleans true/false.
 *
 * On PostgreSQL the rows come from `COPY (SELECT …) TO STDOUT` on one pooled connection: the
 * database writes the CSV and the server only relays it, with the socket's backpressure (flat
 * memory). On PGlite, which has no COPY to a stream, the same SELECT is read FAN_LIMITS.exportBatch
 * rows at a time by keyset on the id, and csv-stringify writes the cells the same way
 * (http/csv.ts COPY_CSV).
 */

/**
 * A text cell without its formula (the apostrophe first), null when empty. The first character's
 * code (ascii(): = + - @ tab CR) is the cheapest test PostgreSQL has: about half the cost of
 * left(…, 1) in a list, which made the export 1.6–2.6× a bare COPY at a million fans.
 */
export function guarded(column: Column | SQL): SQL<string | null> {
  return sql<string | null>`case when ascii(${column}) in (61, 43, 45, 64, 9, 13)
    then '''' || ${column} else nullif(${column}, '') end`;
}

/** A time as ISO 8601 UTC with milliseconds (Date.toISOString's form). */
export function isoTime(column: Column): SQL<string | null> {
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Each exported column as its cell's text, in FAN_EXPORT_COLUMNS order. */
const CELLS: Readonly<Record<(typeof FAN_EXPORT_COLUMNS)[number], SQL<string | null>>> = {
  id: sql<string>`${fans.id}::text`,
  email: guarded(fans.email),
  nickname: guarded(fans.nickname),
  firstName: guarded(fans.firstName),
  lastName: guarded(fans.lastName),
  // Letters only (the fans' schema and the table's checks): nothing to guard.
  country: sql<string | null>`${fans.country}`,
  language: sql<string>`${fans.language}`,
  isBlocked: sql<string>`${fans.isBlocked}::text`,
  createdAt: isoTime(fans.createdAt),
  lastActiveAt: isoTime(fans.lastActiveAt),
};

const HEADER = csvHeader(COPY_CSV, FAN_EXPORT_COLUMNS);

type ExportedRow = { key: number } & Record<(typeof FAN_EXPORT_COLUMNS)[number], string | null>;

/** Every fan `where` holds, newest first, read in keyset batches. */
async function* fanBatches(db: Db, where: SQL, batch: number): AsyncGenerator<ExportedRow[]> {
  let after: number | null = null;
  for (;;) {
    const rows: ExportedRow[] = await db
      .select({ ...CELLS, key: fans.id })
      .from(fans)
      .where(after === null ? where : and(where, lt(fans.id, after)))
      .orderBy(desc(fans.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = last.key;
  }
}

/** The CSV of every fan `where` holds, newest first, read in keyset batches (PGlite). */
export function fanCsvLines(db: Db, where: SQL, batch: number = FAN_LIMITS.exportBatch): AsyncGenerator<string> {
  return csvLines(COPY_CSV, namedColumns(FAN_EXPORT_COLUMNS), fanBatches(db, where, batch));
}

/**
 * The statement's text with its parameters written in as literals: COPY takes no bound
 * parameters. They only come from the validated filters (ids, text, times).
 */
export function inlineParameters(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)\b/g, (_match, position: string) => {
    const value = query.params[Number(position) - 1];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (typeof value === 'string') return pg.escapeLiteral(value);
    if (value instanceof Date) return `${pg.escapeLiteral(value.toISOString())}::timestamptz`;
    throw new Error(`A CSV export cannot write parameter $${position} into its COPY statement`);
  });
}

const dialect = new PgDialect();

function copyStatement(db: Db, where: SQL): string {
  const select = db.select(CELLS).from(fans).where(where).orderBy(desc(fans.id));
  return `COPY (${inlineParameters(dialect.sqlToQuery(select.getSQL()))}) TO STDOUT WITH (FORMAT csv)`;
}

/**
 * `header`, then COPY … TO STDOUT on a connection of the pool, given back once the copy ends
 * (dropped if cut).
 */
export async function* copied(pool: pg.Pool, statement: string, header: string): AsyncGenerator<Buffer | string> {
  const client = await pool.connect();
  let ended = false;
  try {
    yield header;
    const stream = client.query(copyTo(statement));
    for await (const chunk of stream) yield chunk;
    ended = true;
  } finally {
    // A copy cut short (the browser went away) leaves the connection mid-protocol: not reusable.
    client.release(ended ? undefined : true);
  }
}

/** The export as a stream for the reply: COPY on PostgreSQL, keyset batches on PGlite. */
export function fanCsvStream(db: Db, where: SQL): Readable {
  const client = '$client' in db ? db.$client : null;
  if (client instanceof pg.Pool)
    return Readable.from(copied(client, copyStatement(db, where), HEADER), { objectMode: false });
  return Readable.from(fanCsvLines(db, where), { objectMode: false });
}

/** `fans-2026-05-04.csv` */
export function fanExportName(today: Date): string {
  return `fans-${today.toISOString().slice(0, 10)}.csv`;
}
