import { JOB_MESSAGES } from '@regie/contract/jobs';
import { VIDEO_RESOURCE_TYPE, type VideoState } from '@regie/contract/videos';
import type { JobHookContext } from '../jobs/jobs.define.ts';
import { videoStates } from './videos.state.ts';

/** The video a job is about (resourceType 'Video'), or null. */
function videoIdOf(job: JobHookContext['job']): number | null {
  if (job.resourceType !== VIDEO_RESOURCE_TYPE || !job.resourceId) return null;
  const id = Number(job.resourceId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The hooks of a job that makes a video's media (import, encode, clip): when it ends failed, by
 * whatever path (last attempt, timeout, worker death), the video is `failed` with the job's reason,
 * so nothing stays `processing` for ever; retried, it goes back to `retryState`.
 */
export function followedByVideo(retryState: VideoState) {
  return {
    async onFailed({ db, job }: JobHookContext): Promise<void> {
      const id = videoIdOf(job);
      if (id === null) return;
      await videoStates.failed(db, id, job.lastError ?? JOB_MESSAGES.failedUnknown);
    },
    async onRetried({ db, job }: JobHookContext): Promise<void> {
      const id = videoIdOf(job);
      if (id === null) return;
      await videoStates.retried(db, id, retryState);
    },
  };
}
