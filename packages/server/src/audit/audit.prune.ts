import { AUDIT_RETENTION_DAYS } from '@regie/contract/audit';
import { accountConfig } from '@regie/contract/resources/accounts';
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

/** An account's retention: its config's, or the default when the stored config has none (or a wrong one). */
function retentionOf(config: Record<string, unknown>): number {
  const parsed = accountConfig.shape.auditRetentionDays.safeParse(config.auditRetentionDays);
  return parsed.success ? parsed.data : AUDIT_RETENTION_DAYS;
}

/**
 * The retention (issue 26 point 1): each account's entries older than its retention
 * (accountConfig.auditRetentionDays), then the platform's (no account) older than the default,
 * are deleted. The only delete of the trail the app has.
 */
export async function pruneAudit(db: Db, now: Date = new Date(), batch: number = AUDIT_PRUNE_BATCH): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  let total = 0;
  const stored = await db.select({ id: accounts.id, config: accounts.config }).from(accounts).orderBy(asc(accounts.id));
  for (const { id, config } of stored) {
    total += await pruneWhere(db, eq(auditEntries.accountId, id), before(retentionOf(config)), batch);
  }
  total += await pruneWhere(db, isNull(auditEntries.accountId), before(AUDIT_RETENTION_DAYS), batch);
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
