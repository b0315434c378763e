import { isOneOf, isRecord } from '@regie/contract/guards';
import type { JobResponse } from '@regie/contract/jobs.schemas';
import {
  SHARE_TARGETS,
  type ShareTarget,
  VIDEO_JOB_TYPES,
  VIDEO_RESOURCE_TYPE,
  videoPaths,
} from '@regie/contract/videos';
import { type ShareResult, type ShareTargetsResponse, shareResult } from '@regie/contract/videos.schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { videoKeys } from '../../../api/query-keys.ts';
import { useActiveJobs } from '../../../realtime/use-jobs.ts';

/** Which targets the server can publish to and which ones the user linked. */
export function useShareTargets() {
  const api = useApi();
  return useQuery({
    queryKey: videoKeys.shareTargets,
    queryFn: ({ signal }) => api.get<ShareTargetsResponse>(videoPaths.shareTargets, undefined, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

/** The share jobs of a video; read again whenever one of them ends (pushed live). */
export function useShares(videoId: number) {
  const api = useApi();
  const shares = useQuery({
    queryKey: videoKeys.shares(videoId),
    queryFn: ({ signal }) => api.get<JobResponse[]>(videoPaths.shares(videoId), undefined, { signal }),
    retry: false,
  });
  const { jobs } = useActiveJobs({ resourceType: VIDEO_RESOURCE_TYPE, resourceId: String(videoId) });
  const active = jobs.filter((job) => job.type === VIDEO_JOB_TYPES.share);
  const running = active.map((job) => job.id).join(',');
  const previous = useRef(running);
  const { refetch } = shares;
  useEffect(() => {
    if (previous.current !== running) void refetch();
    previous.current = running;
  }, [running, refetch]);
  return { shares, active };
}

/** The target a share job publishes to (its payload names it). */
export function targetOf(job: JobResponse): ShareTarget | null {
  const target = isRecord(job.payload) ? job.payload.target : null;
  return isOneOf(SHARE_TARGETS, target) ? target : null;
}

export function resultOf(job: JobResponse): ShareResult | null {
  const result = shareResult.safeParse(job.result);
  return result.success ? result.data : null;
}

export function useShareAction(videoId: number) {
  const api = useApi();
  return useAction((target: ShareTarget) => api.post<{ job: JobResponse }>(videoPaths.share(videoId, target)), {
    pending: false,
    success: 'videos.share.queued',
    invalidate: [videoKeys.shares(videoId)],
  });
}
