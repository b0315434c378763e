import { JOB_STATES, type JobState } from '@regie/contract/jobs';
import type { Message } from '@regie/contract/messages';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';

/**
 * The jobs as the app and its screens see them (src/jobs): pg-boss stores, schedules and claims
 * each attempt (`queue_job_id` names the current one); a worker that claimed one holds this row
 * under a lease it renews while it works, and ends it done or failed. A row whose lease ran out
 * (its worker died) is queued again at once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    state: text('state').$type<JobState>().notNull().default('waiting'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** What the job is about, e.g. ('Video', '42'): the web app lists and cancels by it. */
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    progress: integer('progress').notNull().default(0),
    /** Attempts started so far, the current one included. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(1),
    /** A waiting job is not claimed before this: the backoff between attempts. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The worker holding the lease, and until when; a lease in the past is free to take. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Why the last attempt failed, or why the job failed: a Message of the contract's catalogs. */
    lastError: jsonb('last_error').$type<Message>(),
    /** The pg-boss job of the current attempt (pgboss.job id); null once the job is over. */
    queueJobId: uuid('queue_job_id'),
    result: jsonb('result').$type<unknown>(),
    /** The request that queued the job (its `reqId` in the logs), or the one its parent job had. */
    requestId: text('request_id'),
    ...timestamps(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // The lease sweep's scan: rows by state (in_progress) and time.
    index('jobs_state_run_at_idx').on(table.state, table.runAt),
    index('jobs_account_resource_idx').on(table.accountId, table.resourceType, table.resourceId),
    check('jobs_state_valid', sql.raw(`state in (${JOB_STATES.map((state) => `'${state}'`).join(', ')})`)),
    check('jobs_progress_range', sql`${table.progress} between 0 and 100`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
