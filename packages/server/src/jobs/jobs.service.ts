import type { AuditOtherResource } from '@regie/contract/audit';
import { ACTIVE_JOB_STATES, JOB_MESSAGES, JOB_RESOURCE_TYPE, type JobState } from '@regie/contract/jobs';
import type { CancelJobsQuery, JobListQuery } from '@regie/contract/jobs.schemas';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AuditSource, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { type JobRow, jobs } from '../db/jobs.table.ts';
import { transaction } from '../db/transactions.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/http.errors.ts';
import { cancelAttempts, newAttemptId, sendAttempt } from './jobs.boss.ts';
import type { JobRegistry } from './jobs.define.ts';
import { dueFilter } from './jobs.due.ts';
import type { JobEvents } from './jobs.events.ts';
import { JOB_REGISTRY } from './jobs.registry.ts';

/** The jobs API (spec §7): every query is scoped to the account the request acts for. */

export async function listJobs(db: Db, accountId: number, query: JobListQuery): Promise<JobRow[]> {
  const states: JobState[] | undefined = query.state ?? query['state[]'];
  const conditions: SQL[] = [eq(jobs.accountId, accountId)];
  if (states) conditions.push(inArray(jobs.state, states));
  if (query.resourceType === JOB_RESOURCE_TYPE && query.resourceId) {
    // A job named by its own id (spec §7), not a job about a resource of type 'Job'.
    conditions.push(eq(jobs.id, jobIdOf(query.resourceId)));
  } else {
    if (query.resourceType) conditions.push(eq(jobs.resourceType, query.resourceType));
    if (query.resourceId) conditions.push(eq(jobs.resourceId, query.resourceId));
  }
  if (query.type) conditions.push(eq(jobs.type, query.type));
  if (query.due !== undefined) conditions.push(dueFilter(query.due));
  return db
    .select()
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(query.limit);
}

export async function getJob(db: Db, accountId: number, id: number): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.accountId, accountId)));
  if (!row) throw notFound(JOB_MESSAGES.notFound(id));
  return row;
}

/** The id of `resourceType=Job&resourceId=…`; 400 for anything but a positive whole number. */
function jobIdOf(resourceId: string): number {
  const id = Number(resourceId);
  if (!/^\d+$/.test(resourceId) || !Number.isSafeInteger(id) || id < 1)
    throw badRequest(JOB_MESSAGES.badJobId(resourceId));
  return id;
}

/** The audit trail's name for a job (its entries: a cancel, a retry). */
export const JOB_AUDIT_RESOURCE = 'jobs' satisfies AuditOtherResource;

/** One entry per job cancelled, in the transaction that deleted it. */
async function auditCancelled(tx: Db, source: AuditSource | null, rows: readonly JobRow[]): Promise<void> {
  if (!source) return;
  for (const row of rows) {
    await writeAudit(tx, source, {
      accountId: row.accountId,
      resource: JOB_AUDIT_RESOURCE,
      resourceId: row.id,
      action: 'cancel',
      changes: {
        type: { before: row.type, after: null },
        resourceType: { before: row.resourceType, after: null },
        resourceId: { before: row.resourceId, after: null },
        state: { before: row.state, after: null },
      },
    });
  }
}

/**
 * Deletes the jobs `where` selects that are not over, cancels their pg-boss attempts and writes
 * one audit entry per job (with a source), in one transaction: what a cancel is.
 */
async function deleteActiveJobs(db: Db, where: SQL | undefined, source: AuditSource | null): Promise<JobRow[]> {
  return transaction(db, async (tx) => {
    const deleted = await tx
      .delete(jobs)
      .where(and(where, inArray(jobs.state, [...ACTIVE_JOB_STATES])))
      .returning();
    await cancelAttempts(tx, deleted);
    await auditCancelled(tx, source, deleted);
    // Each job's entity says it was cancelled (a video `cancelled`), in the same transaction.
    for (const row of deleted) await JOB_REGISTRY.get(row.type)?.onCancelled({ db: tx, job: row });
    return deleted;
  });
}

/**
 * Cancels one job named by its id (`resourceType=Job`), or says why not: 404 when the account
 * has no such job, 403 when its type is not one the user manages, 409 when it is already over.
 */
async function cancelOneJob(
  db: Db,
  accountId: number,
  resourceId: string,
  events: JobEvents,
  types: 'all' | readonly string[],
  source: AuditSource | null,
): Promise<JobRow[]> {
  const id = jobIdOf(resourceId);
  const job = await getJob(db, accountId, id);
  if (types !== 'all' && !types.includes(job.type)) throw forbidden(JOB_MESSAGES.notYourType(id, job.type));
  const rows = await deleteActiveJobs(db, and(eq(jobs.id, id), eq(jobs.accountId, accountId)), source);
  // Read again: the job may have ended between the read above and the delete.
  if (rows.length === 0) throw new HttpError(409, JOB_MESSAGES.notActive(id, (await getJob(db, accountId, id)).state));
  for (const row of rows) events.cancelled(row);
  return rows;
}

/**
 * Cancels the jobs of a resource that are not over, by deleting them and cancelling their
 * pg-boss attempt: a waiting job simply never runs; the worker of an in_progress job sees its row gone at its next heartbeat or
 * progress write and aborts it (the ffmpeg process is killed).
 */
export async function cancelJobs(
  db: Db,
  accountId: number,
  query: CancelJobsQuery,
  events: JobEvents,
  types: 'all' | readonly string[] = 'all',
  /** The request's, whose audit entries (one per job cancelled) go in the delete's transaction. */
  source: AuditSource | null = null,
): Promise<JobRow[]> {
  if (query.resourceType === JOB_RESOURCE_TYPE) {
    return cancelOneJob(db, accountId, query.resourceId, events, types, source);
  }
  const rows = await deleteActiveJobs(
    db,
    and(
      eq(jobs.accountId, accountId),
      eq(jobs.resourceType, query.resourceType),
      eq(jobs.resourceId, query.resourceId),
      types === 'all' ? undefined : inArray(jobs.type, [...types]),
    ),
    source,
  );
  for (const row of rows) events.cancelled(row);
  return rows;
}

/**
 * Runs a failed job again from scratch: attempts reset, waiting now on a new pg-boss attempt sent
 * in the same transaction; its entity leaves `failed`.
 */
export async function retryJob(
  db: Db,
  accountId: number,
  id: number,
  events: JobEvents,
  registry: JobRegistry = JOB_REGISTRY,
  types: 'all' | readonly string[] = 'all',
  /** The request's, whose audit entry goes in the retry's transaction. */
  source: AuditSource | null = null,
): Promise<JobRow> {
  if (types !== 'all' && !types.includes((await getJob(db, accountId, id)).type)) throw forbidden();
  const attemptId = newAttemptId();
  const row = await transaction(db, async (tx) => {
    const [updated] = await tx
      .update(jobs)
      .set({
        queueJobId: attemptId,
        state: 'waiting',
        attempts: 0,
        progress: 0,
        runAt: sql`now()`,
        lastError: null,
        result: null,
        finishedAt: null,
        lockedBy: null,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(jobs.id, id), eq(jobs.accountId, accountId), eq(jobs.state, 'failed')))
      .returning();
    if (updated) {
      await sendAttempt(tx, updated, attemptId);
      if (source) {
        await writeAudit(tx, source, {
          accountId: updated.accountId,
          resource: JOB_AUDIT_RESOURCE,
          resourceId: updated.id,
          action: 'retry',
          changes: { state: { before: 'failed', after: updated.state } },
        });
      }
    }
    return updated;
  });
  if (row) {
    await registry.get(row.type)?.onRetried({ db, job: row });
    events.state(row);
    return row;
  }
  const existing = await getJob(db, accountId, id);
  throw new HttpError(409, JOB_MESSAGES.notFailed(id, existing.state));
}
