import { JOB_EVENTS, JOBS_TOPIC } from '@regie/contract/jobs';
import type { JobRow } from '../db/jobs.table.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { presentJob } from './jobs.presenter.ts';

/** Job events on the account's /admin/jobs topic (contract JOB_EVENTS). */
export interface JobEvents {
  progress(row: Pick<JobRow, 'id' | 'type' | 'accountId' | 'resourceType' | 'resourceId'>, progress: number): void;
  state(row: JobRow): void;
  cancelled(row: JobRow): void;
}

/** Events are a courtesy to connected screens: a failed publish is logged, never fails the job. */
export function createJobEvents(hub: RealtimeHub | null, onError: (error: unknown) => void): JobEvents {
  const publish = (accountId: number, type: string, payload: unknown) => {
    hub?.publish(accountTopic(accountId, JOBS_TOPIC), { type, payload }).catch(onError);
  };
  return {
    progress(row, progress) {
      const { id, type, resourceType, resourceId } = row;
      publish(row.accountId, JOB_EVENTS.progress, { id, type, progress, resourceType, resourceId });
    },
    state: (row) => publish(row.accountId, JOB_EVENTS.state, presentJob(row, 'en')),
    cancelled(row) {
      const { id, type, resourceType, resourceId } = row;
      publish(row.accountId, JOB_EVENTS.cancelled, { id, type, resourceType, resourceId });
    },
  };
}
