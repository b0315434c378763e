import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/jobs.table.ts';
import { afterCommit, rootOf } from '../db/transactions.ts';
import type { JobEvents } from './jobs.events.ts';

/**
 * The queue's own 'queued' event. An enqueue may run inside its caller's transaction: the event
 * (job.state, state waiting) goes out once that transaction commits, and never for one rolled
 * back (db/transactions.ts). Who publishes: each database this process serves with a realtime
 * hub (the API app, a worker process) registers its job events here once at boot.
 */
const publishers = new Map<Db, JobEvents>();

export function publishQueuedJobs(db: Db, events: JobEvents): () => void {
  publishers.set(db, events);
  return () => {
    if (publishers.get(db) === events) publishers.delete(db);
  };
}

/**
 * Called by enqueueJob right after its insert, inside or outside a transaction; `committed` runs
 * once the job is committed, after its event is out (so 'queued' comes before 'in_progress').
 */
export function publishQueuedAfterCommit(db: Db, row: JobRow, committed: () => void): void {
  const events = publishers.get(rootOf(db));
  afterCommit(db, () => {
    events?.state(row);
    committed();
  });
}
