/**
 * A job's states (contract jobs.ts), in a module of their own that imports nothing: contracts that
 * jobs.ts itself imports (live.ts through live.convert.ts) can name them without a cycle.
 */
export const JOB_STATES = ['waiting', 'in_progress', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The states of a job that is not over yet: what the web app polls for (spec §7). */
export const ACTIVE_JOB_STATES = ['waiting', 'in_progress'] as const satisfies readonly JobState[];

export function isJobState(value: string): value is JobState {
  return (JOB_STATES as readonly string[]).includes(value);
}
