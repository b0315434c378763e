import {
  LIFECYCLE_EVENT_TYPE,
  type LifecycleResponse,
  type LifecycleStatus,
  type LifecycleTransition,
  lifecyclePaths,
} from '@regie/contract/lifecycle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { resourceKeys } from '../../api/query-keys.ts';
import { useEventChannel } from '../../realtime/use-realtime.ts';

const statusKey = (eventId: number) => ['events', eventId, 'lifecycle'] as const;
/** What shows the event's state: these panels' queries and the event's record in the edit screen. */
const eventKeys = (eventId: number) => [['events', eventId], resourceKeys.record('events', String(eventId))];

/**
 * The event's live state and what this user may do next; read again when another editor moves
 * it (the `lifecycle.state` event on /admin/{eventId}).
 */
export function useLifecycle(eventId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  useEventChannel(eventId, (event) => {
    if (event.type !== LIFECYCLE_EVENT_TYPE) return;
    for (const queryKey of eventKeys(eventId)) void queryClient.invalidateQueries({ queryKey });
  });
  return useQuery({
    queryKey: statusKey(eventId),
    queryFn: ({ signal }) => api.get<LifecycleStatus>(lifecyclePaths.status('events', eventId), undefined, { signal }),
  });
}

export function useTransition(eventId: number) {
  const api = useApi();
  return useAction(
    (transition: LifecycleTransition) =>
      api.post<LifecycleResponse>(lifecyclePaths.transition('events', eventId, transition)),
    // The event is read again everywhere: its state shows on the edit screen's tabs too.
    { success: false, invalidate: eventKeys(eventId) },
  );
}
