import { resourcePath } from '@regie/contract/api';
import { MATCH_PERIODS, type MatchPeriod, type PeriodStart, sortedPeriods } from '@regie/contract/match-clock';
import { eventsResource } from '@regie/contract/resources/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { resourceKeys } from '../../api/query-keys.ts';
import { useResourceRecord } from '../../api/resource-queries.ts';

/** The panel's values: a kick-off per period, null where none is set. */
export type Draft = Partial<Record<MatchPeriod, number | null>>;

export function draftOf(periods: readonly PeriodStart[]): Draft {
  const draft: Draft = {};
  for (const entry of periods) draft[entry.period as MatchPeriod] = entry.startsAt;
  return draft;
}

/** The periods a draft sets, by period (what the event stores). */
export function periodsOf(draft: Draft): PeriodStart[] {
  return sortedPeriods(
    MATCH_PERIODS.flatMap((period) => {
      const startsAt = draft[period];
      return typeof startsAt === 'number' ? [{ period, startsAt }] : [];
    }),
  );
}

function sameDraft(a: Draft, b: Draft): boolean {
  return MATCH_PERIODS.every((period) => (a[period] ?? null) === (b[period] ?? null));
}

/** The event's periods (GET events/{id}), a draft of them, and their save (PUT events/{id} { periods }). */
export function useEventPeriods(eventId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = resourceKeys.record('events', String(eventId));
  const record = useResourceRecord(eventsResource, String(eventId));
  const periods = record.data?.periods;
  const stored = draftOf(Array.isArray(periods) ? (periods as PeriodStart[]) : []);
  const [draft, setDraft] = useState<Draft>(stored);
  const storedText = JSON.stringify(periodsOf(stored));
  // A reload of the event (after a save, or by another editor) resets the draft.
  useEffect(() => {
    setDraft(draftOf(JSON.parse(storedText) as PeriodStart[]));
  }, [storedText]);
  const action = useAction(
    (periods: PeriodStart[]) =>
      api.put<Record<string, unknown>>(`${resourcePath(eventsResource)}/${eventId}`, { periods }),
    {
      pending: false,
      success: 'match.clock.saved',
      onSuccess: (saved) => queryClient.setQueryData(key, saved),
    },
  );
  return {
    draft,
    setDraft,
    save: (periods: PeriodStart[]) => action.mutate(periods),
    dirty: !sameDraft(draft, stored),
    loaded: record.isSuccess,
  };
}
