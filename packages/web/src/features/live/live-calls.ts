import {
  type Camera,
  type CameraBody,
  type CameraContentKind,
  cameraPaths,
  MULTICAM_SWITCH_EVENT,
  MULTICAM_TOPIC,
  type MulticamStatus,
  multicamSwitchEvent,
} from '@regie/contract/cameras';
import { LIVE_HEALTH_EVENT, LIVE_TOPIC, type LiveHealth, liveHealth, livePaths } from '@regie/contract/live';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import { withSwitch } from './program-state.ts';

/** The content whose cameras and program a tab shows. */
export interface LiveContent {
  kind: CameraContentKind;
  id: number;
}

export const liveKeys = {
  cameras: (content: LiveContent) => [content.kind, content.id, 'cameras'] as const,
  program: (content: LiveContent) => [content.kind, content.id, 'program'] as const,
  /** The input screen's own key (streams/StreamEdit): both screens share what the socket pushed. */
  health: (inputId: number) => ['streams', inputId, 'health'] as const,
};

/** GET events|business-players/{id}/cameras: the content's cameras, in position order. */
export function useCameras(content: LiveContent, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: liveKeys.cameras(content),
    enabled,
    queryFn: ({ signal }) =>
      api.get<{ data: Camera[] }>(cameraPaths.of(content.kind, content.id), undefined, { signal }),
  });
}

/**
 * The program (camera on air, cameras with their inputs, switch log, signed playlists), read
 * through any camera of the content (GET multicams/{cameraId}/status); not asked without a camera.
 * Another operator's switch (MULTICAM_TOPIC) is added to the log at once and read again.
 */
export function useProgram(content: LiveContent, anyCameraId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = liveKeys.program(content);
  useRealtimeEvent(MULTICAM_TOPIC, (event) => {
    const parsed = multicamSwitchEvent.safeParse(event.payload);
    if (event.type !== MULTICAM_SWITCH_EVENT || !parsed.success) return;
    if (parsed.data.kind !== content.kind || parsed.data.contentId !== content.id) return;
    queryClient.setQueriesData<MulticamStatus>({ queryKey: key }, (previous) =>
      withSwitch(previous, parsed.data.switch),
    );
    void queryClient.invalidateQueries({ queryKey: key });
  });
  return useQuery({
    queryKey: [...key, anyCameraId],
    enabled: anyCameraId !== null,
    queryFn: ({ signal }) => api.get<MulticamStatus>(cameraPaths.status(anyCameraId ?? 0), undefined, { signal }),
  });
}

/**
 * The health of each input (GET flows/{id}/status once each), then what the socket pushes
 * (LIVE_TOPIC): a map by input id.
 */
export function useHealths(inputIds: readonly number[]): ReadonlyMap<number, LiveHealth> {
  const api = useApi();
  const queryClient = useQueryClient();
  useRealtimeEvent(LIVE_TOPIC, (event) => {
    const parsed = liveHealth.safeParse(event.payload);
    if (event.type !== LIVE_HEALTH_EVENT || !parsed.success || !inputIds.includes(parsed.data.inputId)) return;
    queryClient.setQueryData(liveKeys.health(parsed.data.inputId), parsed.data);
  });
  const results = useQueries({
    queries: inputIds.map((inputId) => ({
      queryKey: liveKeys.health(inputId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<LiveHealth>(livePaths.status(inputId), undefined, { signal }),
    })),
  });
  const map = new Map<number, LiveHealth>();
  for (const result of results) if (result.data) map.set(result.data.inputId, result.data);
  return map;
}

export function useAddCamera(content: LiveContent) {
  const api = useApi();
  return useAction(
    (body: Omit<CameraBody, 'eventId' | 'conferenceId'>) =>
      api.post<Camera>(cameraPaths.create, {
        ...body,
        ...(content.kind === 'events' ? { eventId: content.id } : { conferenceId: content.id }),
      }),
    { success: 'live.cameras.added', invalidate: [liveKeys.cameras(content), liveKeys.program(content)] },
  );
}

export function useUpdateCamera(content: LiveContent) {
  const api = useApi();
  return useAction(
    ({ id, ...body }: { id: number; label?: string; position?: number }) => api.put<Camera>(cameraPaths.one(id), body),
    { success: 'live.cameras.saved', invalidate: [liveKeys.cameras(content), liveKeys.program(content)] },
  );
}

/** Puts the cameras in a new order: each camera whose position changed is saved. */
export function useReorderCameras(content: LiveContent) {
  const api = useApi();
  return useAction(
    (changes: readonly { id: number; position: number }[]) =>
      Promise.all(changes.map(({ id, position }) => api.put<Camera>(cameraPaths.one(id), { position }))),
    { success: 'live.cameras.saved', invalidate: [liveKeys.cameras(content), liveKeys.program(content)] },
  );
}

export function useRemoveCamera(content: LiveContent) {
  const api = useApi();
  return useAction((id: number) => api.delete(cameraPaths.one(id)), {
    success: 'live.cameras.removed',
    invalidate: [liveKeys.cameras(content), liveKeys.program(content)],
  });
}

/** PUT multicams/{cameraId}: this camera goes on air (at its next segment). */
export function useSwitchCamera(content: LiveContent) {
  const api = useApi();
  return useAction((cameraId: number) => api.put<MulticamStatus>(cameraPaths.switch(cameraId)), {
    success: 'live.multicam.switched',
    invalidate: [liveKeys.program(content)],
  });
}
