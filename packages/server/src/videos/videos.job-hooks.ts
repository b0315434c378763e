import { JOB_MESSAGES } from '@regie/contract/jobs';
import { VIDEO_RESOURCE_TYPE, VIDEO_STATES, type VideoState } from '@regie/contract/videos';
import type { JobRow } from '../db/jobs.table.ts';
import type { JobHookContext } from '../jobs/jobs.define.ts';
import { videoStates } from './videos.state.ts';

/** The video a job is about (resourceType 'Video'), or null. */
function videoIdOf(job: JobHookContext['job']): number | null {
  if (job.resourceType !== VIDEO_RESOURCE_TYPE || !job.resourceId) return null;
  const id = Number(job.resourceId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Every state but ready: what a job that improves playable media may fail. */
const NOT_READY = VIDEO_STATES.filter((state) => state !== 'ready');

/**
 * The hooks of a job that makes a video's media (import, encode, clip): when it ends failed, by
 * whatever path (last attempt, timeout, worker death), the video is `failed` with the job's reason,
 * so nothing stays `processing` for ever; retried, it goes back to `retryState`; cancelled, it is
 * `cancelled` until encoded again.
 *
 * `improvesPlayable(job)` says the job only improves media that already play (a live clip's exact
 * cut replacing its instant copy): failing, it leaves a `ready` video ready, still playing what it
 * had; the failed job, with its reason and a retry, is in the video's jobs.
 */
export function followedByVideo(retryState: VideoState, improvesPlayable?: (job: JobRow) => boolean) {
  return {
    async onFailed({ db, job }: JobHookContext): Promise<void> {
      const id = videoIdOf(job);
      if (id === null) return;
      const from = improvesPlayable?.(job) ? NOT_READY : undefined;
      await videoStates.failed(db, id, job.lastError ?? JOB_MESSAGES.failedUnknown, from);
    },
    async onRetried({ db, job }: JobHookContext): Promise<void> {
      const id = videoIdOf(job);
      if (id === null) return;
      await videoStates.retried(db, id, retryState);
    },
    /** Cancelled: the video says so (a `ready` one, whose media a job only improved, stays ready). */
    async onCancelled({ db, job }: JobHookContext): Promise<void> {
      const id = videoIdOf(job);
      if (id === null) return;
      await videoStates.cancelled(db, id);
    },
  };
}
