import { and, eq, gt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { jobs } from '../db/jobs.table.ts';

/**
 * The one definition of work in hand (contract jobs.schemas.ts `due`), for GET jobs?due=, the
 * dashboard's jobs and, through that filter, the benchmarks' "idle". A job is DUE while it runs,
 * or while it waits and either its time has come or it was tried before (a retry backing off
 * comes on its own). A waiting job never tried whose run_at is later is SCHEDULED: a live clip's
 * replaced copy is removed an hour on, and that hour is no work in hand.
 */
export const dueJob: SQL = or(
  eq(jobs.state, 'in_progress'),
  and(eq(jobs.state, 'waiting'), or(gt(jobs.attempts, 0), lte(jobs.runAt, sql`now()`))),
) as SQL;

/** The jobs scheduled for later and never tried: waiting, not due. */
export const scheduledJob: SQL = and(eq(jobs.state, 'waiting'), not(dueJob)) as SQL;

/** The condition of `due=true|false`. */
export const dueFilter = (due: boolean): SQL => (due ? dueJob : scheduledJob);
