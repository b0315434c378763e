import { LIFECYCLE_STATES, type LifecycleState } from '@regie/contract/lifecycle';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';

/**
 * A table with a lifecycle (contract lifecycle.ts): its id, account and state columns, and the
 * values that set its state. Events are one (lifecycle.plugin.ts); business players will be
 * another, registered the same way.
 */
export interface StatefulTable<Table extends PgTable = PgTable> {
  table: Table;
  id: PgColumn;
  accountId: PgColumn;
  state: PgColumn;
  stateValues(state: LifecycleState): PgUpdateSetSource<Table>;
}

export interface LifecycleRecord {
  id: number;
  accountId: number;
  state: LifecycleState;
}

function isLifecycleState(value: unknown): value is LifecycleState {
  return typeof value === 'string' && (LIFECYCLE_STATES as readonly string[]).includes(value);
}

export async function findRecord<Table extends PgTable>(
  db: Db,
  stateful: StatefulTable<Table>,
  id: number,
): Promise<LifecycleRecord | null> {
  // Read through the plain table type: the select needs no more than its columns.
  const table: PgTable = stateful.table;
  const [row] = await db
    .select({ accountId: stateful.accountId, state: stateful.state })
    .from(table)
    .where(eq(stateful.id, id))
    .limit(1);
  if (!row || typeof row.accountId !== 'number' || !isLifecycleState(row.state)) return null;
  return { id, accountId: row.accountId, state: row.state };
}

/**
 * Moves the record from `from` to `to` in one statement, only if it is still in `from`: two
 * producers ending the same live at once make one move and one 409, never two.
 */
export async function moveRecord<Table extends PgTable>(
  db: Db,
  stateful: StatefulTable<Table>,
  id: number,
  move: { from: LifecycleState; to: LifecycleState },
): Promise<boolean> {
  const moved = await db
    .update(stateful.table)
    .set(stateful.stateValues(move.to))
    .where(and(eq(stateful.id, id), eq(stateful.state, move.from)))
    .returning({ id: stateful.id });
  return moved.length > 0;
}
