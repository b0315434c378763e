import type { Job } from './job-events.ts';

/** A job as GET jobs answers it, for unit tests. */
export function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 1,
    type: 'video.encode',
    state: 'in_progress',
    AccountId: 1,
    resourceType: 'Video',
    resourceId: '12',
    payload: {},
    progress: 10,
    attempts: 1,
    maxAttempts: 3,
    runAt: '2026-01-01T00:00:00.000Z',
    lastError: null,
    lastErrorMessage: null,
    result: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}
