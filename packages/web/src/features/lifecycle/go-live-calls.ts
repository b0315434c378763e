import { type GoLiveCheck, type GoLiveChecks, goLivePaths } from '@regie/contract/go-live';
import { LIFECYCLE_EVENT_TYPE } from '@regie/contract/lifecycle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { resourceKeys } from '../../api/query-keys.ts';
import { useEventChannel } from '../../realtime/use-realtime.ts';
import { eventPath, fixCalls } from './go-live-fixes.ts';

/**
 * Under the event's record: a save of the event (settings, publication, modules) invalidates its
 * resource's queries, so the header and the dialog read the checks again.
 */
export const goLiveKey = (eventId: number) =>
  [...resourceKeys.record('events', String(eventId)), 'go-live-checks'] as const;

/**
 * What fans get if the event goes live now (contract go-live.ts): the dialog and the header read
 * the same query. Read again when the event changes state, and while the dialog is open (a camera
 * starting to receive turns its line green without a click).
 */
export function useGoLiveChecks(eventId: number, options: { refetchIntervalMs?: number; enabled?: boolean } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  useEventChannel(eventId, (event) => {
    if (event.type === LIFECYCLE_EVENT_TYPE) void queryClient.invalidateQueries({ queryKey: goLiveKey(eventId) });
  });
  return useQuery({
    queryKey: goLiveKey(eventId),
    queryFn: ({ signal }) => api.get<GoLiveChecks>(goLivePaths.checks(eventId), undefined, { signal }),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchIntervalMs ?? false,
    // A reader without the rights (or another account's event) sees no header: no retries.
    retry: false,
  });
}

/** Runs one check's fix through the calls that own it, then reads the checks and the event again. */
export function useGoLiveFix(eventId: number) {
  const api = useApi();
  return useAction(
    async (check: GoLiveCheck) => {
      if (!check.fix) return null;
      const needsModules = check.fix.kind === 'activateModules';
      const current = needsModules
        ? await api.get<{ activatedModules: string[] }>(eventPath(eventId))
        : { activatedModules: [] };
      for (const call of fixCalls(eventId, check.fix, current, new Date())) {
        if (call.method === 'PUT') await api.put(call.path, call.body);
        else await api.post(call.path, call.body);
      }
      return check;
    },
    {
      success: false,
      invalidate: [goLiveKey(eventId), ['events', eventId], resourceKeys.record('events', String(eventId))],
    },
  );
}
