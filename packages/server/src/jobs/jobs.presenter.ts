import type { JobResponse } from '@regie/contract/jobs.schemas';
import type { JobRow } from '../db/jobs.table.ts';

/** A job as it leaves the server: never the lease columns. */
export function presentJob(row: JobRow): JobResponse {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    AccountId: row.accountId,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    payload: row.payload,
    progress: row.progress,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAt: row.runAt.toISOString(),
    lastError: row.lastError,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
