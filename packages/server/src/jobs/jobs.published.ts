import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type JobRow, jobs } from '../db/jobs.table.ts';
import type { JobEvents } from './jobs.events.ts';

/**
 * The queue's own 'queued' event. An enqueue may run inside its caller's transaction, which the
 * queue does not see end: it notes the inserting transaction's id and asks the database (outside
 * that transaction) what became of it. Committed → job.state (waiting) is published; rolled back
 * → nothing. Who publishes: each database this process serves with a realtime hub (the API app,
 * a worker process) registers itself here once at boot.
 */
interface Publisher {
  db: Db;
  events: JobEvents;
  onError(error: unknown): void;
}

const publishers = new Set<Publisher>();

export function publishQueuedJobs(db: Db, events: JobEvents, onError: (error: unknown) => void): () => void {
  const publisher: Publisher = { db, events, onError };
  publishers.add(publisher);
  return () => publishers.delete(publisher);
}

/** Waits before each further look at a transaction still in progress: short first, at most a second. */
const RECHECK_MS = [5, 10, 25, 50, 100, 250, 500, 1_000] as const;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

type Outcome = 'committed' | 'aborted' | 'in progress' | 'elsewhere';

/**
 * What became of transaction `transactionId` for this publisher's database. 'elsewhere': the job
 * is not this database's (a process serving several databases, as tests do).
 */
async function outcome(db: Db, row: JobRow, transactionId: string): Promise<Outcome> {
  let answers: { status: string | null; visible: boolean }[];
  try {
    answers = await db
      .select({
        status: sql<string | null>`pg_xact_status(${transactionId}::xid8)`,
        // created_at, within the millisecond a Date keeps, tells this job from another database's of the same id.
        visible: sql<boolean>`exists(select 1 from ${jobs} where ${jobs.id} = ${row.id}
          and abs(extract(epoch from ${jobs.createdAt} - ${row.createdAt.toISOString()}::timestamptz)) < 0.001)`,
      })
      .from(sql`(values (1)) as one (x)`);
  } catch (error) {
    // A transaction id this database has not reached yet is another database's.
    if (causes(error).some((cause) => /is in the future/.test(cause))) return 'elsewhere';
    throw error;
  }
  const [answer] = answers;
  if (!answer) return 'elsewhere';
  if (answer.status === 'in progress') return 'in progress';
  if (answer.status === 'committed') return answer.visible ? 'committed' : 'elsewhere';
  return 'aborted';
}

/** The messages of an error and of its causes (the driver's error is wrapped by Drizzle's). */
function causes(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages;
}

/** True when the job was committed and its event published. */
async function publishWhenCommitted(publisher: Publisher, row: JobRow, transactionId: string): Promise<boolean> {
  // The first look is asked at once, so that it comes before a worker's claim of the same job.
  for (let look = 0; ; look += 1) {
    const status = await outcome(publisher.db, row, transactionId);
    if (status === 'committed') publisher.events.state(row);
    if (status !== 'in progress') return status === 'committed';
    await delay(RECHECK_MS[Math.min(look, RECHECK_MS.length - 1)] ?? 1_000);
  }
}

/**
 * Called by enqueueJob right after its insert, inside or outside a transaction; `committed` runs
 * once the job is known committed and announced (at once when this process publishes nothing).
 */
export function publishQueuedAfterCommit(row: JobRow, transactionId: string, committed: () => void): void {
  if (publishers.size === 0) {
    committed();
    return;
  }
  for (const publisher of publishers) {
    publishWhenCommitted(publisher, row, transactionId).then(
      (published) => published && committed(),
      publisher.onError,
    );
  }
}
