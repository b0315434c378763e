import { paths } from '@regie/contract/api';
import { eventChallengersPath } from '@regie/contract/events';
import type { ChallengerAppearance } from '@regie/contract/resources/challengers';
import { eventsResource } from '@regie/contract/resources/events';
import { SEARCH_LIMITS } from '@regie/contract/resources/shapes';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { resourceKeys } from '../../api/query-keys.ts';
import { resourceBase } from '../../api/resource-api.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';

const RELATION = 'Challengers';

/** The react-query keys of these calls (an appearance list is refreshed when an event's list changes). */
export const eventChallengerKeys = {
  search: (text: string) => ['challengers', 'search', text] as const,
  appearancesAll: ['challengers', 'appearances'] as const,
  appearances: (challengerId: number) => ['challengers', 'appearances', challengerId] as const,
};

function recordsOf(value: unknown): ResourceRecord[] {
  return Array.isArray(value)
    ? value.filter((item): item is ResourceRecord => typeof item === 'object' && item !== null && 'id' in item)
    : [];
}

/**
 * An event's challengers in order (GET events/{id}?expand=[Challengers]) and the call replacing
 * them (PATCH events/{id}/relationships/challengers); each change saves the whole list.
 */
export function useEventChallengers(eventId: number) {
  const client = useApi();
  const key = resourceKeys.expanded(eventsResource.name, String(eventId), RELATION);
  const event = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      client.get<ResourceRecord>(`${resourceBase(eventsResource)}/${eventId}`, { expand: `[${RELATION}]` }, { signal }),
  });
  const save = useAction(
    (ids: readonly number[]) =>
      client.patch(eventChallengersPath(eventId), { data: ids.map((id) => ({ type: 'Challenger', id })) }),
    {
      pending: false,
      success: 'events.challengers.saved',
      // The event, and the appearances of every challenger it names.
      invalidate: [resourceKeys.all(eventsResource.name), eventChallengerKeys.appearancesAll],
    },
  );
  return { event, challengers: event.data ? recordsOf(event.data[RELATION]) : null, save };
}

/** GET challengers/search: the best matches of a name (spec §7), at least one character typed. */
export function useChallengerSearch(text: string) {
  const client = useApi();
  return useQuery({
    queryKey: eventChallengerKeys.search(text),
    queryFn: ({ signal }) =>
      client.get<ResourceRecord[]>(
        paths.challengersSearch,
        { search: text, limit: SEARCH_LIMITS.defaultLimit },
        { signal },
      ),
    enabled: text.length > 0,
    staleTime: 30_000,
  });
}

/** GET challengers/{id}/appearances: the events a challenger took part in. */
export function useAppearances(challengerId: number) {
  const client = useApi();
  return useQuery({
    queryKey: eventChallengerKeys.appearances(challengerId),
    queryFn: ({ signal }) =>
      client.get<ChallengerAppearance[]>(paths.challengerAppearances(challengerId), undefined, { signal }),
  });
}
