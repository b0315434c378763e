import { JOB_ERROR_MAX_CHARS, JOB_MESSAGES, jobResourceTypeOf } from '@regie/contract/jobs';
import type { Message } from '@regie/contract/messages';
import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type JobRow, jobs } from '../db/jobs.table.ts';
import type { JobResult, JobType } from './jobs.define.ts';
import { publishQueuedAfterCommit } from './jobs.published.ts';

/**
 * The queue's row operations. Every write a worker makes after claiming a job is guarded by its
 * claim token (`locked_by`): once the job is cancelled (deleted) or re-claimed after a lost
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
  const [row] = await db
    .insert(jobs)
    .values({
      type: jobType.type,
      payload: jobType.parsePayload(payload),
      accountId: options.accountId,
      resourceType: resourceTypeOf(jobType, options.resourceType),
      resourceId: options.resourceId === undefined ? null : String(options.resourceId),
      maxAttempts: options.maxAttempts ?? jobType.retry.maxAttempts,
      ...(options.runAt ? { runAt: options.runAt } : {}),
    })
    .returning();
  if (!row) throw new Error('job not inserted');
  // This process's workers hear of it after its 'queued' event, so that event comes first.
  publishQueuedAfterCommit(db, row, announceEnqueued);
  return row;
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

/**
 * Takes the next runnable job of one of `types`: a waiting one whose time has come, or one whose
 * worker died (lease expired) with attempts left. SKIP LOCKED lets workers claim side by side
 * without ever taking the same row.
 */
export async function claimJob(
  db: Db,
  options: { types: string[]; token: string; leaseMs: number },
): Promise<JobRow | null> {
  if (options.types.length === 0) return null;
  const runnable = or(
    and(eq(jobs.state, 'waiting'), lte(jobs.runAt, sql`now()`)),
    and(eq(jobs.state, 'in_progress'), lt(jobs.lockedUntil, sql`now()`), lt(jobs.attempts, jobs.maxAttempts)),
  );
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.type, options.types), runnable))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
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
    .where(eq(jobs.id, sql`(${next})`))
    .returning();
  return row ?? null;
}

/** Jobs whose worker died on their last attempt: failed, with the reason. */
export async function failExpiredLeases(db: Db): Promise<JobRow[]> {
  return db
    .update(jobs)
    .set({
      state: 'failed',
      lastError: JOB_MESSAGES.leaseExpired,
      lockedBy: null,
      lockedUntil: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.state, 'in_progress'), lt(jobs.lockedUntil, sql`now()`), gte(jobs.attempts, jobs.maxAttempts)))
    .returning();
}

const owned = (id: number, token: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, token));

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

const released = { lockedBy: null, lockedUntil: null, updatedAt: sql`now()` } as const;

export async function completeJob(db: Db, id: number, token: string, result: JobResult): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ ...released, state: 'done', progress: 100, result: result ?? null, lastError: null, finishedAt: sql`now()` })
    .where(owned(id, token))
    .returning();
  return row ?? null;
}

export async function failJob(db: Db, id: number, token: string, reason: Message): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ ...released, state: 'failed', lastError: trimError(reason), finishedAt: sql`now()` })
    .where(owned(id, token))
    .returning();
  return row ?? null;
}

/** A failed attempt with attempts left: waiting again, not before the backoff delay. */
export async function scheduleRetry(
  db: Db,
  id: number,
  token: string,
  reason: Message,
  delayMs: number,
): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ ...released, state: 'waiting', progress: 0, lastError: trimError(reason), runAt: msFromNow(delayMs) })
    .where(owned(id, token))
    .returning();
  return row ?? null;
}

/** Gives a job back untouched (the worker is shutting down): its attempt does not count. */
export async function releaseJob(db: Db, id: number, token: string): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({
      ...released,
      state: 'waiting',
      progress: 0,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAt: sql`now()`,
    })
    .where(owned(id, token))
    .returning();
  return row ?? null;
}
