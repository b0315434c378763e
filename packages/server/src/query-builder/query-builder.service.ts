import { QUERY_LIMITS, QUERY_MESSAGES, type QueryResult } from '@regie/contract/query-builder';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { csvLines, GUARDED_COPY_CSV } from '../http/csv.ts';
import { HttpError } from '../http/http.errors.ts';
import type { TranslatedQuery } from './query-builder.translate.ts';

type Cell = QueryResult['rows'][number][number];
type Row = Record<string, unknown>;

/** PostgreSQL's "canceling statement due to statement timeout" (query_canceled). */
const QUERY_CANCELED = '57014';

function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error || (typeof current === 'object' && current !== null); ) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code))
      return current.code;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

/**
 * Planner cost units a query may cost per millisecond of its time-out on the embedded database:
 * PGlite ran 3 to 7 µs per unit (a scan, a grouping, a distinct count over a million rows, on a
 * loaded 2-core machine), so 200 units a millisecond refuses what would outlive the time-out.
 */
export const EMBEDDED_COST_PER_MS = 200;

/** How a query is bounded: its time-out, and on the embedded database its estimated cost too. */
export interface QueryBounds {
  timeoutMs: number;
  /** PGlite: no timers in its one thread, so the statement timeout cannot stop a query there. */
  embedded: boolean;
}

/** The planner's estimate of the statement's total cost (EXPLAIN, nothing run). */
async function estimatedCost(tx: Db, statement: SQL): Promise<number> {
  const result = (await tx.execute(sql`explain (format json) ${statement}`)) as { rows: Row[] };
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Total Cost'?: number } }[];
  return Number(parsed[0]?.Plan?.['Total Cost'] ?? 0);
}

/**
 * Runs `statement` in a READ ONLY transaction whose statements stop after `timeoutMs` (SET LOCAL
 * through set_config, which takes a bound parameter). A stopped statement is a 422 saying so.
 * PGlite runs PostgreSQL in one thread without its timers: there, a statement the planner
 * estimates longer than the time-out (EMBEDDED_COST_PER_MS) is refused before it runs, a 422 too.
 */
export async function readOnly(db: Db, statement: SQL, bounds: QueryBounds): Promise<Row[]> {
  const { timeoutMs } = bounds;
  try {
    return await transaction(db, async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
      if (bounds.embedded && (await estimatedCost(tx, statement)) > timeoutMs * EMBEDDED_COST_PER_MS) {
        throw new HttpError(422, QUERY_MESSAGES.tooHeavy(Math.max(1, Math.round(timeoutMs / 1000))));
      }
      // node-postgres and PGlite both answer { rows }; Db's union of the two leaves it unknown.
      const result = (await tx.execute(statement)) as { rows: Row[] };
      return result.rows;
    });
  } catch (error) {
    if (sqlState(error) === QUERY_CANCELED) {
      throw new HttpError(422, QUERY_MESSAGES.timedOut(Math.max(1, Math.round(timeoutMs / 1000))));
    }
    throw error;
  }
}

function cells(row: Row, count: number): Cell[] {
  return Array.from({ length: count }, (_, index) => {
    const value = row[`c${index}`];
    return value === undefined ? null : (value as Cell);
  });
}

/** At most `limit` rows (or groups), and whether more matched. */
export async function runQuery(
  db: Db,
  query: TranslatedQuery,
  limit: number,
  bounds: QueryBounds,
): Promise<QueryResult> {
  const rows = await readOnly(db, query.statement(limit + 1), bounds);
  const count = query.columns.length;
  return {
    columns: query.columns,
    rows: rows.slice(0, limit).map((row) => cells(row, count)),
    truncated: rows.length > limit,
  };
}

/**
 * The CSV of the query (header line, then rows, as the fans' export writes it but with formulas
 * guarded here: http/csv.ts GUARDED_COPY_CSV): plain rows read QUERY_LIMITS.exportBatch at a time
 * by keyset on the entity's id, each batch its own read-only statement (flat memory, bound
 * parameters throughout, unlike a COPY that would need them inlined); groups in one statement.
 */
export function queryCsvLines(
  db: Db,
  query: TranslatedQuery,
  bounds: QueryBounds,
  caps: { rows: number; batch: number } = { rows: QUERY_LIMITS.exportRows, batch: QUERY_LIMITS.exportBatch },
): AsyncGenerator<string> {
  const columns = query.columns.map((column, index) => ({ header: column.name, value: (row: Cell[]) => row[index] }));
  return csvLines(GUARDED_COPY_CSV, columns, queryBatches(db, query, bounds, caps));
}

async function* queryBatches(
  db: Db,
  query: TranslatedQuery,
  bounds: QueryBounds,
  caps: { rows: number; batch: number },
): AsyncGenerator<Cell[][]> {
  const count = query.columns.length;
  if (query.grouped) {
    const rows = await readOnly(db, query.statement(Math.min(caps.rows, QUERY_LIMITS.exportGroups)), bounds);
    yield rows.map((row) => cells(row, count));
    return;
  }
  let after: number | null = null;
  let left = caps.rows;
  while (left > 0) {
    const rows = await readOnly(db, query.statement(Math.min(caps.batch, left), after), bounds);
    if (rows.length === 0) return;
    yield rows.map((row) => cells(row, count));
    left -= rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < Math.min(caps.batch, left + rows.length)) return;
    after = Number(last.key);
  }
}

/** `query-fans-2026-05-04.csv` */
export function queryExportName(entity: string, today: Date): string {
  return `query-${entity}-${today.toISOString().slice(0, 10)}.csv`;
}
