import { TARGET_STATUSES, type TargetStatus } from '@regie/contract/simulcast';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/jobs.table.ts';
import { liveInputs } from '../db/live.table.ts';
import { simulcastTargets } from '../db/simulcast.table.ts';

export interface WaitingJobs {
  kind: string;
  waiting: number;
  oldestWaitingSeconds: number;
}

/** What the database-wide gauges show, read at scrape time. */
export interface DatabaseSnapshot {
  jobs: WaitingJobs[];
  liveInputsOnAir: number;
  simulcastTargets: Record<TargetStatus, number>;
}

/**
 * Waiting jobs by kind, through the (state, run_at) index. A job is late once its run_at is past
 * (a retry waits for its backoff first): the oldest one's lateness says whether workers keep up.
 */
function readWaitingJobs(db: Db): Promise<WaitingJobs[]> {
  return db
    .select({
      kind: jobs.type,
      waiting: sql<number>`count(*)::integer`,
      oldestWaitingSeconds: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt}) filter (where ${jobs.runAt} <= now())), 0)::float8`,
    })
    .from(jobs)
    .where(eq(jobs.state, 'waiting'))
    .groupBy(jobs.type);
}

async function readLiveInputsOnAir(db: Db): Promise<number> {
  const [row] = await db.select({ onAir: count() }).from(liveInputs).where(eq(liveInputs.state, 'live'));
  return row?.onAir ?? 0;
}

async function readSimulcastTargets(db: Db): Promise<Record<TargetStatus, number>> {
  const rows = await db
    .select({ state: simulcastTargets.status, targets: count() })
    .from(simulcastTargets)
    .groupBy(simulcastTargets.status);
  // Every state shows, at 0 when no target is in it, so a graph does not break off.
  const byState = Object.fromEntries(TARGET_STATUSES.map((state) => [state, 0])) as Record<TargetStatus, number>;
  for (const row of rows) byState[row.state] = row.targets;
  return byState;
}

export async function readDatabaseSnapshot(db: Db): Promise<DatabaseSnapshot> {
  const [waiting, liveInputsOnAir, targets] = await Promise.all([
    readWaitingJobs(db),
    readLiveInputsOnAir(db),
    readSimulcastTargets(db),
  ]);
  return { jobs: waiting, liveInputsOnAir, simulcastTargets: targets };
}
