import { ACTIVE_JOB_STATES, JOB_MESSAGES, type JobState } from '@regie/contract/jobs';
import type { CancelJobsQuery, JobListQuery } from '@regie/contract/jobs.schemas';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type JobRow, jobs } from '../db/jobs.table.ts';
import { forbidden, HttpError, notFound } from '../http/http.errors.ts';
import type { JobRegistry } from './jobs.define.ts';
import type { JobEvents } from './jobs.events.ts';
import { JOB_REGISTRY } from './jobs.registry.ts';

/** The jobs API (spec §7): every query is scoped to the account the request acts for. */

export async function listJobs(db: Db, accountId: number, query: JobListQuery): Promise<JobRow[]> {
  const states: JobState[] | undefined = query.state ?? query['state[]'];
  const conditions: SQL[] = [eq(jobs.accountId, accountId)];
  if (states) conditions.push(inArray(jobs.state, states));
  if (query.resourceType) conditions.push(eq(jobs.resourceType, query.resourceType));
  if (query.resourceId) conditions.push(eq(jobs.resourceId, query.resourceId));
  if (query.type) conditions.push(eq(jobs.type, query.type));
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

/**
 * Cancels the jobs of a resource that are not over, by deleting them: a waiting job simply
 * never runs; the worker of an in_progress job sees its row gone at its next heartbeat or
 * progress write and aborts it (the ffmpeg process is killed).
 */
export async function cancelJobs(
  db: Db,
  accountId: number,
  query: CancelJobsQuery,
  events: JobEvents,
  types: 'all' | readonly string[] = 'all',
): Promise<JobRow[]> {
  const rows = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.accountId, accountId),
        eq(jobs.resourceType, query.resourceType),
        eq(jobs.resourceId, query.resourceId),
        inArray(jobs.state, [...ACTIVE_JOB_STATES]),
        types === 'all' ? undefined : inArray(jobs.type, [...types]),
      ),
    )
    .returning();
  for (const row of rows) events.cancelled(row);
  return rows;
}

/** Runs a failed job again from scratch: attempts reset, waiting now; its entity leaves `failed`. */
export async function retryJob(
  db: Db,
  accountId: number,
  id: number,
  events: JobEvents,
  registry: JobRegistry = JOB_REGISTRY,
  types: 'all' | readonly string[] = 'all',
): Promise<JobRow> {
  if (types !== 'all' && !types.includes((await getJob(db, accountId, id)).type)) throw forbidden();
  const [row] = await db
    .update(jobs)
    .set({
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
  if (row) {
    await registry.get(row.type)?.onRetried({ db, job: row });
    events.state(row);
    return row;
  }
  const existing = await getJob(db, accountId, id);
  throw new HttpError(409, JOB_MESSAGES.notFailed(id, existing.state));
}
