import {
  type AwsSimulcastStatus,
  SIMULCAST_PAGE_MAX,
  SIMULCAST_PAGE_SIZE,
  SIMULCAST_TARGET_EVENT,
  type Simulcast,
  type SimulcastBody,
  type SimulcastList,
  type SimulcastProvider,
  type SimulcastSources,
  type SimulcastState,
  type SimulcastStats,
  type SimulcastTarget,
  type SimulcastUpdateBody,
  simulcastPaths,
  simulcastTargetResponse,
  simulcastTopic,
  type TargetBody,
  type TargetUpdateBody,
} from '@regie/contract/simulcast';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { type RealtimeEvent, useRealtimeEvent } from '../../realtime/use-realtime.ts';

export const simulcastKeys = {
  all: ['simulcasts'] as const,
  list: (provider: SimulcastProvider, state: SimulcastState | null, page: number) =>
    ['simulcasts', 'list', provider, state, page] as const,
  one: (id: number) => ['simulcasts', 'one', id] as const,
  stats: (id: number) => ['simulcasts', 'stats', id] as const,
  aws: ['simulcasts', 'aws'] as const,
  sources: ['simulcasts', 'sources'] as const,
};

/** The account's live inputs a simulcast may restream. */
export function useSimulcastSources() {
  const api = useApi();
  return useQuery({
    queryKey: simulcastKeys.sources,
    queryFn: ({ signal }) => api.get<SimulcastSources>(simulcastPaths.sources(), undefined, { signal }),
  });
}

/** One page (from 1) of the simulcasts of a provider, newest first; the previous page stays shown while the next comes. */
export function useSimulcasts(provider: SimulcastProvider, state: SimulcastState | null, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: simulcastKeys.list(provider, state, page),
    queryFn: ({ signal }) =>
      api.get<SimulcastList>(
        simulcastPaths.list(),
        {
          provider,
          ...(state ? { state } : {}),
          limit: SIMULCAST_PAGE_SIZE,
          offset: (page - 1) * SIMULCAST_PAGE_SIZE,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The simulcasts restreaming one of these live inputs (an event's cameras), of every provider:
 * the newest page (SIMULCAST_PAGE_MAX) of the account's simulcasts, kept to those.
 */
export function useSimulcastsOfInputs(inputIds: readonly number[], enabled: boolean) {
  const api = useApi();
  const list = useQuery({
    queryKey: [...simulcastKeys.all, 'of-inputs'],
    enabled,
    queryFn: ({ signal }) =>
      api.get<SimulcastList>(simulcastPaths.list(), { limit: SIMULCAST_PAGE_MAX, offset: 0 }, { signal }),
  });
  return {
    ...list,
    data: list.data?.data.filter((simulcast) => simulcast.inputId !== null && inputIds.includes(simulcast.inputId)),
  };
}

export function useSimulcast(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: simulcastKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<Simulcast>(simulcastPaths.one(id ?? 0), undefined, { signal }),
    enabled: id !== null,
  });
}

export function useSimulcastStats(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: simulcastKeys.stats(id),
    queryFn: ({ signal }) => api.get<SimulcastStats>(simulcastPaths.stats(id), undefined, { signal }),
    refetchInterval: 10_000,
  });
}

export function useAwsStatus(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: simulcastKeys.aws,
    queryFn: ({ signal }) => api.get<AwsSimulcastStatus>(simulcastPaths.awsStatus(), undefined, { signal }),
    enabled,
  });
}

/** A target as the socket sent it, or null when the event is something else. */
export function targetOfEvent(event: RealtimeEvent): SimulcastTarget | null {
  if (event.type !== SIMULCAST_TARGET_EVENT) return null;
  const parsed = simulcastTargetResponse.safeParse(event.payload);
  return parsed.success ? parsed.data : null;
}

/** Keeps the shown simulcast's targets live: each `simulcast.target` event replaces its target. */
export function useLiveTargets(id: number): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(simulcastTopic(id), (event) => {
    const target = targetOfEvent(event);
    if (!target) return;
    queryClient.setQueryData<Simulcast>(simulcastKeys.one(id), (current) =>
      current
        ? { ...current, targets: current.targets.map((item) => (item.id === target.id ? target : item)) }
        : current,
    );
  });
}

export function useSimulcastActions(id: number) {
  const api = useApi();
  const invalidate = [simulcastKeys.one(id), simulcastKeys.all] as const;
  return {
    save: useAction((body: SimulcastUpdateBody) => api.put<Simulcast>(simulcastPaths.one(id), body), {
      success: 'simulcast.form.saved',
      invalidate,
    }),
    remove: useAction(() => api.delete(simulcastPaths.one(id)), {
      success: 'simulcast.form.deleted',
      invalidate: [simulcastKeys.all],
    }),
    addTarget: useAction((body: TargetBody) => api.post<SimulcastTarget>(simulcastPaths.targets(id), body), {
      success: 'simulcast.targets.added',
      invalidate,
    }),
    updateTarget: useAction(
      ({ targetId, body }: { targetId: number; body: TargetUpdateBody }) =>
        api.put<SimulcastTarget>(simulcastPaths.target(id, targetId), body),
      { success: 'simulcast.targets.saved', invalidate },
    ),
    removeTarget: useAction((targetId: number) => api.delete(simulcastPaths.target(id, targetId)), {
      success: 'simulcast.targets.deleted',
      invalidate,
    }),
    start: useAction((targetId: number) => api.post<SimulcastTarget>(simulcastPaths.start(id, targetId)), {
      success: 'simulcast.targets.started',
      invalidate,
    }),
    stop: useAction((targetId: number) => api.post<SimulcastTarget>(simulcastPaths.stop(id, targetId)), {
      success: 'simulcast.targets.stopped',
      invalidate,
    }),
    startAws: useAction(() => api.post<Simulcast>(simulcastPaths.startAws(id)), {
      success: 'simulcast.targets.started',
      invalidate,
    }),
    stopAws: useAction(() => api.post<Simulcast>(simulcastPaths.stopAws(id)), {
      success: 'simulcast.targets.stopped',
      invalidate,
    }),
  };
}

export type SimulcastActions = ReturnType<typeof useSimulcastActions>;

export function useCreateSimulcast(onCreated: (simulcast: Simulcast) => void) {
  const api = useApi();
  return useAction((body: SimulcastBody) => api.post<Simulcast>(simulcastPaths.list(), body), {
    success: 'simulcast.form.created',
    invalidate: [simulcastKeys.all],
    onSuccess: onCreated,
  });
}
