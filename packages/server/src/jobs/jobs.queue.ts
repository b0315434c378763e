import { JOB_ERROR_MAX_CHARS, JOB_MESSAGES, jobResourceTypeOf } from '@regie/contract/jobs';
import type { Message } from '@regie/contract/messages';
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import { type JobRow, jobs } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import {
  type AttemptOf,
  completeAttempt,
  completeAttemptIn,
  failAttempts,
  fetchAttempt,
  newAttemptId,
  type QueuedAttempt,
  sendAttempt,
} from './jobs.boss.ts';
import type { JobResult, JobType } from './jobs.define.ts';
import { publishQueuedAfterCommit } from './jobs.published.ts';

/**
 * The queue's operations: pg-boss holds and hands out each attempt (jobs.boss.ts), the `jobs`
 * row says what screens see. Every write a worker makes after claiming a job is guarded by its
 * claim token (`locked_by`): once the job is cancelled (deleted) or queued again after a lost
 * lease, the old worker's writes change nothing and tell it so (null / false).
 */

/** now() + ms, computed by the database so every process agrees on the clock. */
function msFromNow(ms: number) {
  return sql`now() + (${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;
}

function trimText(text: string): string {
  return text.length <= JOB_ERROR_MAX_CHARS ? text : `…${text.slice(-(JOB_ERROR_MAX_CHARS - 1))}`;
}

/** The reason as stored: its text parameters (an ffmpeg error's tail) keep their last characters. */
function trimError(reason: Message): Message {
  if (!reason.params) return reason;
  return {
    code: reason.code,
    params: reason.params.map((param) => (typeof param === 'string' ? trimText(param) : param)),
  };
}

/**
 * Workers of this process that want to hear of new jobs at once rather than at their next poll.
 * They are told once the enqueue is committed and its 'queued' event is out, and again a moment
 * later. Waking a worker of another database only costs it one look; workers of other processes
 * still find the job at their next poll.
 */
const enqueueListeners = new Set<() => void>();
const ENQUEUE_RECHECK_MS = 150;

export function onJobEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

function announceEnqueued(): void {
  if (enqueueListeners.size === 0) return;
  const tell = () => {
    for (const listener of enqueueListeners) listener();
  };
  setImmediate(tell);
  setTimeout(tell, ENQUEUE_RECHECK_MS).unref();
}

export interface EnqueueOptions {
  accountId: number;
  resourceType?: string;
  resourceId?: string | number;
  /** Not before this time. */
  runAt?: Date;
  /** Overrides the job type's retry policy. */
  maxAttempts?: number;
  /** The request this job is for (request.id), or the running job's (context.job.requestId) for a job a job queues. */
  requestId?: string | null;
}

/**
 * Queues a job, in `db`'s transaction when it is one. The queue, not its caller, tells screens:
 * 'queued' (a job.state event, state waiting) is published once the insert is committed, never
 * for an enqueue that is rolled back (jobs.published.ts).
 */
export async function enqueueJob<Payload>(
  db: Db,
  jobType: JobType<Payload>,
  payload: Payload,
  options: EnqueueOptions,
): Promise<JobRow> {
  const values = {
    type: jobType.type,
    payload: jobType.parsePayload(payload),
    accountId: options.accountId,
    resourceType: resourceTypeOf(jobType, options.resourceType),
    resourceId: options.resourceId === undefined ? null : String(options.resourceId),
    maxAttempts: options.maxAttempts ?? jobType.retry.maxAttempts,
    queueJobId: newAttemptId(),
    requestId: options.requestId ?? null,
    ...(options.runAt ? { runAt: options.runAt } : {}),
  };
  // The row and its pg-boss job commit together, with the caller's transaction when there is one.
  return transaction(db, async (tx) => {
    const [row] = await tx.insert(jobs).values(values).returning();
    if (!row) throw new Error('job not inserted');
    await sendAttempt(tx, row, values.queueJobId);
    // This process's workers hear of it after its 'queued' event, so that event comes first.
    publishQueuedAfterCommit(tx, row, announceEnqueued);
    return row;
  });
}

/** The resource a job is about: its type's in the contract (JOB_TYPE_RESOURCE_TYPES), else the caller's. */
function resourceTypeOf(jobType: { type: string }, given: string | undefined): string | null {
  const declared = jobResourceTypeOf(jobType.type);
  if (declared === undefined) return given ?? null;
  if (given !== undefined && given !== declared) {
    throw new Error(`Jobs of type '${jobType.type}' are about ${declared ?? 'no resource'}, not ${given}`);
  }
  return declared;
}

/** How long a job of a type this worker does not run waits before it is offered again. */
const FOREIGN_TYPE_DELAY_MS = 1_000;

/**
 * Takes the next runnable job of one of `types`: pg-boss hands out the next attempt whose time
 * has come (SKIP LOCKED, so workers claim side by side without ever taking the same one), and
 * its row becomes this claim's. An attempt whose row is gone (cancelled) or names another attempt
 * is closed and skipped.
 */
export async function claimJob(
  db: Db,
  options: { types: string[]; token: string; leaseMs: number; queues?: readonly string[] },
): Promise<JobRow | null> {
  if (options.types.length === 0) return null;
  for (let tries = 0; tries < 5; tries += 1) {
    const attempt = await fetchAttempt(db, options.queues);
    if (!attempt) return null;
    const row = await claimRow(db, attempt, options);
    if (row) return row;
  }
  return null;
}

async function claimRow(
  db: Db,
  attempt: { queue: string; id: string; data: QueuedAttempt },
  options: { types: string[]; token: string; leaseMs: number },
): Promise<JobRow | null> {
  const current = and(eq(jobs.id, attempt.data.jobId), eq(jobs.queueJobId, attempt.id), eq(jobs.state, 'waiting'));
  const [row] = await db
    .update(jobs)
    .set({
      state: 'in_progress',
      attempts: sql`${jobs.attempts} + 1`,
      progress: 0,
      lockedBy: options.token,
      lockedUntil: msFromNow(options.leaseMs),
      updatedAt: sql`now()`,
    })
    .where(and(current, inArray(jobs.type, options.types)))
    .returning();
  if (row) return row;
  // Another worker's type: offered again a moment later; anything else is over for pg-boss.
  const offeredAgain = await requeue(
    db,
    current ?? sql`false`,
    { runAt: msFromNow(FOREIGN_TYPE_DELAY_MS) },
    completeAttempt,
  );
  if (!offeredAgain) await completeAttemptIn(db, attempt.queue, attempt.id);
  return null;
}

/**
 * Moves a row to a new pg-boss attempt in one transaction: the row (matched by `where`, locked)
 * gets `set` and the new attempt's id, its former attempt is ended by `endFormer`, and the new
 * one is sent for the row's run_at. Null when no row matched.
 */
async function requeue(
  db: Db,
  where: SQL,
  set: PgUpdateSetSource<typeof jobs>,
  endFormer: (tx: Db, former: AttemptOf) => Promise<void>,
): Promise<JobRow | null> {
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select({ type: jobs.type, queueJobId: jobs.queueJobId })
      .from(jobs)
      .where(where)
      .for('update');
    if (!before) return null;
    const attemptId = newAttemptId();
    const [row] = await tx
      .update(jobs)
      .set({ ...set, queueJobId: attemptId })
      .where(where)
      .returning();
    if (!row) return null;
    await endFormer(tx, before);
    await sendAttempt(tx, row, attemptId);
    return row;
  });
}

const released = { lockedBy: null, lockedUntil: null, updatedAt: sql`now()` } as const;

const expiredLease = and(eq(jobs.state, 'in_progress'), lt(jobs.lockedUntil, sql`now()`));

/**
 * Jobs whose worker died (their lease ran out): with attempts left, waiting again at once on a
 * new pg-boss attempt (the dead one's is failed); on their last attempt, failed with the reason.
 */
export async function sweepExpiredLeases(db: Db): Promise<{ requeued: JobRow[]; failed: JobRow[] }> {
  const expired = await db
    .select({ id: jobs.id, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts })
    .from(jobs)
    .where(expiredLease);
  const swept: { requeued: JobRow[]; failed: JobRow[] } = { requeued: [], failed: [] };
  for (const job of expired) {
    const where = and(eq(jobs.id, job.id), expiredLease) ?? sql`false`;
    if (job.attempts >= job.maxAttempts) {
      const row = await endRow(
        db,
        where,
        { ...released, state: 'failed', lastError: JOB_MESSAGES.leaseExpired, finishedAt: sql`now()` },
        (tx, attempt) => failAttempts(tx, [attempt], JOB_MESSAGES.leaseExpired),
      );
      if (row) swept.failed.push(row);
    } else {
      const row = await requeue(
        db,
        where,
        { ...released, state: 'waiting', progress: 0, runAt: sql`now()` },
        (tx, attempt) => failAttempts(tx, [attempt], JOB_MESSAGES.leaseExpired),
      );
      if (row) swept.requeued.push(row);
    }
  }
  return swept;
}

/** Ends a row (done or failed) and its pg-boss attempt together. */
async function endRow(
  db: Db,
  where: SQL,
  set: PgUpdateSetSource<typeof jobs>,
  endAttempt: (tx: Db, attempt: AttemptOf) => Promise<void>,
): Promise<JobRow | null> {
  return transaction(db, async (tx) => {
    const [row] = await tx.update(jobs).set(set).where(where).returning();
    if (row) await endAttempt(tx, row);
    return row ?? null;
  });
}

const owned = (id: number, token: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, token)) ?? sql`false`;

/** Extends the lease; false when the job is no longer this claim's (cancelled or re-claimed). */
export async function renewLease(db: Db, id: number, token: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: msFromNow(leaseMs) })
    .where(owned(id, token))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function saveProgress(db: Db, id: number, token: string, progress: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ progress, updatedAt: sql`now()` })
    .where(owned(id, token))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function completeJob(db: Db, id: number, token: string, result: JobResult): Promise<JobRow | null> {
  return endRow(
    db,
    owned(id, token),
    { ...released, state: 'done', progress: 100, result: result ?? null, lastError: null, finishedAt: sql`now()` },
    completeAttempt,
  );
}

export async function failJob(db: Db, id: number, token: string, reason: Message): Promise<JobRow | null> {
  const lastError = trimError(reason);
  return endRow(db, owned(id, token), { ...released, state: 'failed', lastError, finishedAt: sql`now()` }, (tx, at) =>
    failAttempts(tx, [at], lastError),
  );
}

/** A failed attempt with attempts left: waiting again, its next pg-boss attempt not before the backoff delay. */
export async function scheduleRetry(
  db: Db,
  id: number,
  token: string,
  reason: Message,
  delayMs: number,
): Promise<JobRow | null> {
  const lastError = trimError(reason);
  return requeue(
    db,
    owned(id, token),
    { ...released, state: 'waiting', progress: 0, lastError, runAt: msFromNow(delayMs) },
    (tx, attempt) => failAttempts(tx, [attempt], lastError),
  );
}

/** Gives a job back untouched (the worker is shutting down): its attempt does not count. */
export async function releaseJob(db: Db, id: number, token: string): Promise<JobRow | null> {
  return requeue(
    db,
    owned(id, token),
    {
      ...released,
      state: 'waiting',
      progress: 0,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAt: sql`now()`,
    },
    completeAttempt,
  );
}
