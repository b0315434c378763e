import type { JobResponse } from '@regie/contract/jobs.schemas';
import type { JobRow } from '../db/jobs.table.ts';
import { localize, type MessageLanguage } from '../http/localize.ts';

/**
 * A job as it leaves the server: never the lease columns. Its reason in words in `language` (by
 * default the request's) and as its Message, for a client to render in its user's language.
 */
export function presentJob(row: JobRow, language: MessageLanguage): JobResponse {
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
    lastError: row.lastError ? localize(row.lastError, language) : null,
    lastErrorMessage: row.lastError ?? null,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
