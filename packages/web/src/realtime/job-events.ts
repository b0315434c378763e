import { isRecord } from '@regie/contract/guards';
import { ACTIVE_JOB_STATES, JOB_EVENTS, type JobState } from '@regie/contract/jobs';
import { type JobResponse, jobResponse } from '@regie/contract/jobs.schemas';
import type { RealtimeEvent } from '@regie/contract/realtime';

/** A job as GET jobs answers it. */
export type Job = JobResponse;

export interface JobFilter {
  resourceType: string;
  resourceId?: number | string | undefined;
}

/** What a job event changes for the jobs of a filter. */
export interface JobEventEffect {
  jobs: Job[];
  /** The server's list should be fetched again (a job this list does not know, a state change). */
  refetch: boolean;
  /** A job of the resource ended (done, failed or cancelled): the resource itself changed. */
  ended: boolean;
}

interface JobRef {
  id: number;
  resourceType: string | null;
  resourceId: string | number | null;
}

const active: readonly JobState[] = ACTIVE_JOB_STATES;

function isJobRef(value: unknown): value is JobRef {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    (value.resourceType === null || typeof value.resourceType === 'string') &&
    (value.resourceId === null || typeof value.resourceId === 'string' || typeof value.resourceId === 'number')
  );
}

export function matchesFilter(job: Pick<JobRef, 'resourceType' | 'resourceId'>, filter: JobFilter): boolean {
  if (job.resourceType !== filter.resourceType) return false;
  return filter.resourceId === undefined || String(job.resourceId) === String(filter.resourceId);
}

/**
 * Applies one JOB_EVENTS event to the active jobs of a filter: progress in place, a state change
 * moves the job in or out of the list; null when the event is about another resource.
 */
export function applyJobEvent(jobs: readonly Job[], event: RealtimeEvent, filter: JobFilter): JobEventEffect | null {
  const payload = event.payload;
  if (!isJobRef(payload) || !matchesFilter(payload, filter)) return null;
  const known = jobs.some((job) => job.id === payload.id);
  if (event.type === JOB_EVENTS.progress) {
    const progress = isRecord(payload) ? payload.progress : undefined;
    if (!known || typeof progress !== 'number') return { jobs: [...jobs], refetch: !known, ended: false };
    return {
      jobs: jobs.map((job) =>
        job.id === payload.id ? { ...job, progress, state: job.state === 'waiting' ? 'in_progress' : job.state } : job,
      ),
      refetch: false,
      ended: false,
    };
  }
  if (event.type === JOB_EVENTS.state) {
    const parsed = jobResponse.safeParse(payload);
    if (!parsed.success) return null;
    const job = parsed.data;
    if (!active.includes(job.state)) {
      return { jobs: jobs.filter((item) => item.id !== job.id), refetch: true, ended: true };
    }
    return {
      jobs: known ? jobs.map((item) => (item.id === job.id ? job : item)) : [...jobs, job],
      refetch: true,
      ended: false,
    };
  }
  if (event.type === JOB_EVENTS.cancelled) {
    return { jobs: jobs.filter((item) => item.id !== payload.id), refetch: true, ended: true };
  }
  return null;
}

/**
 * A list fetched while progress events kept arriving may be older than them: a running job's
 * progress never goes back, so the higher of the two stays.
 */
export function keepProgress(previous: readonly Job[] | undefined, fetched: Job[]): Job[] {
  if (!previous?.length) return fetched;
  const known = new Map(previous.map((job) => [job.id, job]));
  return fetched.map((job) => {
    const before = known.get(job.id);
    if (!before || before.state !== 'in_progress' || job.state !== 'in_progress') return job;
    return before.progress > job.progress ? { ...job, progress: before.progress } : job;
  });
}
