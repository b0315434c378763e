import { type DashboardResponse, dashboardPath } from '@regie/contract/dashboard';
import {
  type ConferenceStatsResponse,
  type EventStatsResponse,
  type StatsContentKind,
  statsPaths,
} from '@regie/contract/stats';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';
import type { Period } from './period.ts';

/** The react-query keys of the insights screens. */
export const insightsKeys = {
  all: ['insights'] as const,
  /** The snippet of one record, by its embed call's path. */
  embed: (path: string) => ['insights', 'embed', path] as const,
  stats: (kind: StatsContentKind, id: number, period: Period | null) => ['insights', kind, id, period] as const,
  dashboard: (period: Period | null) => ['insights', 'dashboard', period] as const,
};

/** A content's figures, its marks (an event's markers, a conference's chapters) under one name. */
export interface ContentStats {
  from: string;
  to: string;
  interval: EventStatsResponse['interval'];
  totals: { plays: number; replayPlays: number; clipPlays: number; downloads: number; marks: number; clips: number };
  series: { at: string; plays: number; downloads: number; marks: number; clips: number }[];
}

function fromEvent({ totals, series, ...range }: EventStatsResponse): ContentStats {
  const { markers, ...counts } = totals;
  return {
    ...range,
    totals: { ...counts, marks: markers },
    series: series.map(({ markers: marks, ...point }) => ({ ...point, marks })),
  };
}

function fromConference({ totals, series, ...range }: ConferenceStatsResponse): ContentStats {
  const { chapters, ...counts } = totals;
  return {
    ...range,
    totals: { ...counts, marks: chapters },
    series: series.map(({ chapters: marks, ...point }) => ({ ...point, marks })),
  };
}

/** GET events/{id}/stats or business-players/{id}/stats for the period (the server picks the interval). */
export function useContentStats(kind: StatsContentKind, id: number, period: Period | null) {
  const api = useApi();
  return useQuery({
    queryKey: insightsKeys.stats(kind, id, period),
    queryFn: async ({ signal }): Promise<ContentStats> => {
      const query = { from: period?.from, to: period?.to };
      if (kind === 'event') {
        return fromEvent(await api.get<EventStatsResponse>(statsPaths.eventStats(id), query, { signal }));
      }
      return fromConference(await api.get<ConferenceStatsResponse>(statsPaths.conferenceStats(id), query, { signal }));
    },
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
