import { and, eq, inArray } from 'drizzle-orm';
import { challengerAppearances, challengers } from '../db/actors.table.ts';
import type { Db } from '../db/database.ts';
import { events } from '../db/events.table.ts';
import { transaction } from '../db/transactions.ts';
import { visibleRows } from '../resources/resources.access.ts';
import { allOf } from '../resources/resources.query.ts';
import type { Engine, ResourceEntry } from '../resources/resources.types.ts';
import type { AuthContext } from '../tenancy/tenancy.guards.ts';

/** The index of the first id already seen earlier in the list, or null. */
export function firstDuplicate(ids: readonly number[]): number | null {
  const seen = new Set<number>();
  for (const [index, id] of ids.entries()) {
    if (seen.has(id)) return index;
    seen.add(id);
  }
  return null;
}

/**
 * The listed challengers the caller may put on the event: visible to them and of the event's own
 * account (an admin acting for no account sees every account's, and must not mix them).
 */
export async function linkableChallengers(
  engine: Engine,
  challengersEntry: ResourceEntry,
  auth: AuthContext,
  accountId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await engine.db
    .select({ id: challengers.id })
    .from(challengers)
    .where(
      allOf(
        and(inArray(challengers.id, [...ids]), eq(challengers.accountId, accountId)),
        visibleRows(challengersEntry, auth),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * Stores the event's challengers in this order. A challenger kept on the event keeps the date it
 * first appeared (its appearance), so reordering does not make it look new.
 */
/**
 * `recorded` runs in the replacement's transaction with the challengers before (in order) when
 * the list changed: the request's audit entry.
 */
export async function replaceChallengers(
  db: Db,
  eventId: number,
  ids: readonly number[],
  recorded?: (tx: Db, before: number[]) => Promise<void>,
): Promise<void> {
  await transaction(db, async (tx) => {
    // Two saves of one event at once: the second waits, then replaces the first's list.
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    const before = await tx
      .select({
        challengerId: challengerAppearances.challengerId,
        position: challengerAppearances.position,
        createdAt: challengerAppearances.createdAt,
      })
      .from(challengerAppearances)
      .where(eq(challengerAppearances.eventId, eventId));
    const since = new Map(before.map((row) => [row.challengerId, row.createdAt]));
    const ordered = [...before].sort((a, b) => a.position - b.position).map((row) => row.challengerId);
    if (recorded && JSON.stringify(ordered) !== JSON.stringify(ids)) await recorded(tx, ordered);
    await tx.delete(challengerAppearances).where(eq(challengerAppearances.eventId, eventId));
    if (ids.length === 0) return;
    const now = new Date();
    await tx.insert(challengerAppearances).values(
      ids.map((challengerId, position) => ({
        eventId,
        challengerId,
        position,
        createdAt: since.get(challengerId) ?? now,
      })),
    );
  });
}
