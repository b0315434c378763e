import { ACTIVE_JOB_STATES, JOBS_TOPIC, jobPaths } from '@regie/contract/jobs';
import { jobResourceName } from '@regie/contract/jobs.resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useApi } from '../api/api-context.ts';
import { jobKeys, resourceKeys } from '../api/query-keys.ts';
import { applyJobEvent, type Job, type JobFilter, keepProgress } from './job-events.ts';
import { useRealtimeConnection } from './realtime-context.ts';
import { useRealtimeEvent } from './use-realtime.ts';

export type { Job, JobFilter } from './job-events.ts';

/** Without the realtime channel, running jobs are polled this often instead. */
const POLL_MS = 5_000;

const noConnection = () => () => undefined;

/**
 * The jobs of a resource that are not over (spec §7 "Jobs"): fetched once, then kept live by the
 * realtime channel (progress in place, state changes refetch). When one ends, the resource's
 * queries are refreshed, so a video shows `ready` without a reload.
 */
export function useActiveJobs(filter: { resourceType: string; resourceId?: number | string }): {
  jobs: Job[];
  isLoading: boolean;
} {
  const api = useApi();
  const queryClient = useQueryClient();
  const connection = useRealtimeConnection();
  const queryKey = jobKeys.active(filter);
  const resourceType = filter.resourceType;
  // '' for every resource of the type: the query key's form, stable across renders.
  const resourceId = queryKey[3];
  const connected = useSyncExternalStore(connection ? connection.onAccount : noConnection, () =>
    connection ? connection.accountId() !== null : false,
  );

  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const query = { state: ACTIVE_JOB_STATES.join(','), resourceType, resourceId: resourceId || undefined };
      const fetched = await api.get<Job[]>(jobPaths.jobs, query, { signal });
      return keepProgress(queryClient.getQueryData<Job[]>(queryKey), fetched);
    },
    refetchInterval: (current) => (!connected && (current.state.data?.length ?? 0) > 0 ? POLL_MS : false),
  });

  // Events missed while the channel was down: read the list again once it is back.
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      void queryClient.invalidateQueries({ queryKey: jobKeys.active({ resourceType, resourceId }) });
    }
    wasConnected.current = connected;
  }, [connected, queryClient, resourceType, resourceId]);

  useRealtimeEvent(JOBS_TOPIC, (event) => {
    const current: JobFilter = { resourceType, resourceId: resourceId || undefined };
    const key = jobKeys.active(current);
    const effect = applyJobEvent(queryClient.getQueryData<Job[]>(key) ?? [], event, current);
    if (!effect) return;
    queryClient.setQueryData<Job[]>(key, effect.jobs);
    if (effect.refetch) void queryClient.invalidateQueries({ queryKey: key });
    const resourceName = jobResourceName(resourceType);
    if (effect.ended && resourceName) void queryClient.invalidateQueries({ queryKey: resourceKeys.all(resourceName) });
  });

  return { jobs: query.data ?? [], isLoading: query.isLoading };
}
