import {
  LIFECYCLE_EVENT_TYPE,
  type LifecycleResource,
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

const statusKey = (resource: LifecycleResource, id: number) => [resource, id, 'lifecycle'] as const;
/** What shows the record's state: these panels' queries and the record in the edit screen. */
const recordKeys = (resource: LifecycleResource, id: number) => [
  [resource, id],
  resourceKeys.record(resource, String(id)),
];

/**
 * The live state of an event or a conference and what this user may do next; read again when
 * another editor moves it (the `lifecycle.state` event on /admin/{id}).
 */
export function useLifecycle(resource: LifecycleResource, id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  useEventChannel(id, (event) => {
    if (event.type !== LIFECYCLE_EVENT_TYPE) return;
    for (const queryKey of recordKeys(resource, id)) void queryClient.invalidateQueries({ queryKey });
  });
  return useQuery({
    queryKey: statusKey(resource, id),
    queryFn: ({ signal }) => api.get<LifecycleStatus>(lifecyclePaths.status(resource, id), undefined, { signal }),
  });
}

export function useTransition(resource: LifecycleResource, id: number) {
  const api = useApi();
  return useAction(
    ({ transition, withoutCamera }: { transition: LifecycleTransition; withoutCamera?: boolean }) =>
      api.post<LifecycleResponse>(
        lifecyclePaths.transition(resource, id, transition),
        // Going live while no camera receives, confirmed in the Go live dialog (contract go-live.ts).
        withoutCamera ? { withoutCamera: true } : undefined,
      ),
    // The record is read again everywhere: its state shows on the edit screen's tabs and form too.
    { success: false, invalidate: recordKeys(resource, id) },
  );
}
