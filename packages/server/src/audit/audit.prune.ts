import { AUDIT_RETENTION_DAYS } from '@regie/contract/audit';
import { and, asc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { accounts } from '../db/accounts.table.ts';
import { auditEntries } from '../db/audit.table.ts';
import type { Db } from '../db/database.ts';
import type { PeriodicTask } from '../jobs/jobs.define.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Entries deleted per statement: short statements, no long lock on a busy table. */
export const AUDIT_PRUNE_BATCH = 5000;

/** How often each worker prunes (the task is idempotent: several workers may run it side by side). */
export const AUDIT_PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes the entries matched by `where` older than `before`, a batch at a time; answers how many. */
async function pruneWhere(db: Db, where: SQL | undefined, before: Date, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const old = db
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(and(where, lt(auditEntries.at, before)))
      .orderBy(asc(auditEntries.at))
      .limit(batch);
    const deleted = await db
      .delete(auditEntries)
      .where(inArray(auditEntries.id, old))
      .returning({ id: auditEntries.id });
    total += deleted.length;
    if (deleted.length < batch) return total;
  }
}

/**
 * The retention (issue 26 point 1): each account's entries older than its retention, then the
 * platform's (no account), are deleted. The only delete of the trail the app has. Every account
 * keeps AUDIT_RETENTION_DAYS for now; `retentionDays` is where a per-account setting plugs in.
 */
export async function pruneAudit(
  db: Db,
  now: Date = new Date(),
  retentionDays: (accountId: number | null) => number = () => AUDIT_RETENTION_DAYS,
  batch: number = AUDIT_PRUNE_BATCH,
): Promise<number> {
  const before = (accountId: number | null) => new Date(now.getTime() - retentionDays(accountId) * DAY_MS);
  let total = 0;
  const ids = await db.select({ id: accounts.id }).from(accounts).orderBy(asc(accounts.id));
  for (const { id } of ids) total += await pruneWhere(db, eq(auditEntries.accountId, id), before(id), batch);
  total += await pruneWhere(db, isNull(auditEntries.accountId), before(null), batch);
  return total;
}

export const auditPruneTask: PeriodicTask = {
  name: 'audit.prune',
  everyMs: AUDIT_PRUNE_EVERY_MS,
  run: async ({ db, log }) => {
    const deleted = await pruneAudit(db);
    if (deleted > 0) log.info({ deleted }, 'audit entries past their retention deleted');
  },
};
