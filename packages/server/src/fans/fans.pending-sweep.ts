import { FAN_LIMITS } from '@regie/contract/fans';
import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fans } from '../db/fans.table.ts';
import type { PeriodicTask } from '../jobs/jobs.define.ts';

/** Pending fans deleted per statement: short statements on a table the crowd writes to. */
export const PENDING_SWEEP_BATCH = 1000;

/** How often each worker sweeps (idempotent: several workers may run it side by side). */
export const PENDING_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Deletes the sign-ups never confirmed whose code expired more than FAN_LIMITS.pendingKeptMs
 * before `now` (with what hangs on them: the sign-up's activity), a batch at a time; a confirmed
 * fan is never touched, nor a pending one still inside that time (they may still confirm, or sign
 * up again for a new code). Answers how many were deleted.
 */
export async function sweepPendingFans(
  db: Db,
  now: Date = new Date(),
  batch: number = PENDING_SWEEP_BATCH,
): Promise<number> {
  const before = new Date(now.getTime() - FAN_LIMITS.pendingKeptMs);
  let total = 0;
  for (;;) {
    const expired = db
      .select({ id: fans.id })
      .from(fans)
      .where(and(isNull(fans.confirmedAt), lt(fans.confirmExpiresAt, before)))
      .orderBy(asc(fans.confirmExpiresAt))
      .limit(batch);
    // Claimed by the delete itself, which checks again: a sign-up confirmed meanwhile stays.
    const deleted = await db
      .delete(fans)
      .where(and(inArray(fans.id, expired), isNull(fans.confirmedAt), lt(fans.confirmExpiresAt, before)))
      .returning({ id: fans.id });
    total += deleted.length;
    if (deleted.length < batch) return total;
  }
}

/** The sweep as a worker's periodic task. */
export const pendingFansSweepTask: PeriodicTask = {
  name: 'fans.pending-sweep',
  everyMs: PENDING_SWEEP_EVERY_MS,
  run: async ({ db, log }) => {
    const swept = await sweepPendingFans(db);
    if (swept > 0) log.info({ swept }, 'sign-ups never confirmed deleted');
  },
};
