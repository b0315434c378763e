import { type DashboardResponse, dashboardPath } from '@regie/contract/dashboard';
import { type EventStatsResponse, statsPaths } from '@regie/contract/stats';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';
import type { Period } from './period.ts';

/** The react-query keys of the insights screens. */
export const insightsKeys = {
  all: ['insights'] as const,
  /** The snippet of one record, by its embed call's path. */
  embed: (path: string) => ['insights', 'embed', path] as const,
  eventStats: (eventId: number, period: Period | null) => ['insights', 'event', eventId, period] as const,
  dashboard: (period: Period | null) => ['insights', 'dashboard', period] as const,
};

/** GET events/{id}/stats for the period (the server picks the interval). */
export function useEventStats(eventId: number, period: Period | null) {
  const api = useApi();
  return useQuery({
    queryKey: insightsKeys.eventStats(eventId, period),
    queryFn: ({ signal }) =>
      api.get<EventStatsResponse>(statsPaths.eventStats(eventId), { from: period?.from, to: period?.to }, { signal }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET dashboard for the period: the whole screen in one call. */
export function useDashboard(period: Period | null) {
  const api = useApi();
  return useQuery({
    queryKey: insightsKeys.dashboard(period),
    queryFn: ({ signal }) =>
      api.get<DashboardResponse>(dashboardPath, { from: period?.from, to: period?.to }, { signal }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}
