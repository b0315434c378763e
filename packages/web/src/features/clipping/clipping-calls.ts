import type { MulticamStatus } from '@regie/contract/cameras';
import { CLIP_SOURCES_LIMIT, clipPaths } from '@regie/contract/clips';
import type {
  ClipListResponse,
  ClipResponse,
  CreateClipBody,
  LiveWindowResponse,
  MarkerClipBody,
} from '@regie/contract/clips.schemas';
import { eventsResource } from '@regie/contract/resources/events';
import type { ListResponse } from '@regie/contract/resources/shapes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { clipKeys, resourceKeys } from '../../api/query-keys.ts';
import { resourceBase } from '../../api/resource-api.ts';
import type { LiveContent } from '../live/live-calls.ts';
import { clipInfoOf } from '../videos/video-fields.ts';

/** States after which a clip changes no more. */
const SETTLED: ReadonlySet<string> = new Set(['ready', 'failed']);
const REFRESH_MS = 3_000;
const REPLAY_CLIPS_QUERY = { offset: 0, limit: CLIP_SOURCES_LIMIT.max } as const;
/** The event's clips are one of its relations, for the query cache. */
const eventClipsKey = (eventId: number) => resourceKeys.expanded('events', String(eventId), 'clips');

/** Clips of both lists once, newest first. */
export function mergeClips<Clip extends { id: number; createdAt?: unknown }>(
  ...lists: readonly (readonly Clip[])[]
): Clip[] {
  const byId = new Map<number, Clip>();
  for (const list of lists) for (const clip of list) byId.set(clip.id, clip);
  return [...byId.values()].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)) || b.id - a.id);
}

const refreshWhileWorking = (query: { state: { data?: ClipListResponse | undefined } }) =>
  query.state.data?.data.some((clip) => !SETTLED.has(clip.state)) ? REFRESH_MS : false;

/**
 * The event's clip queue, newest first: the clips made from its markers (GET events/{id}/clips)
 * and the ranges cut from its replay (GET videos/{id}/clips). While one is being cut or encoded
 * the lists are read again every few seconds; each clip's own progress is live (its job).
 */
export function useEventClips(eventId: number, videoId: number | null) {
  const api = useApi();
  const fromMarkers = useQuery({
    queryKey: eventClipsKey(eventId),
    queryFn: ({ signal }) =>
      api.get<ClipListResponse>(clipPaths.eventClips(eventId), { limit: CLIP_SOURCES_LIMIT.max }, { signal }),
    refetchInterval: refreshWhileWorking,
  });
  const fromReplay = useQuery({
    queryKey: clipKeys.page(videoId ?? 0, REPLAY_CLIPS_QUERY),
    // While live there is no replay yet: the live's clips are the event's (clipEventId).
    enabled: videoId !== null,
    queryFn: ({ signal }) =>
      api.get<ClipListResponse>(clipPaths.videoClips(videoId ?? 0), REPLAY_CLIPS_QUERY, { signal }),
    refetchInterval: refreshWhileWorking,
  });
  const refresh = () => {
    void fromMarkers.refetch();
    if (videoId !== null) void fromReplay.refetch();
  };
  return { clips: mergedClips(eventId, videoId, fromMarkers.data, fromReplay.data), refresh };
}

/** Both lists once loaded (the replay's only when there is one), null before. */
function mergedClips(
  eventId: number,
  videoId: number | null,
  fromMarkers: ClipListResponse | undefined,
  fromReplay: ClipListResponse | undefined,
) {
  if (!fromMarkers) return null;
  if (!fromReplay) return videoId === null ? fromMarkers.data : null;
  // The replay's clips made for another event (its own markers) are that event's.
  const ranges = fromReplay.data.filter((clip) => {
    const eventOf = clipInfoOf(clip)?.eventId ?? null;
    return eventOf === null || eventOf === eventId;
  });
  return mergeClips(fromMarkers.data, ranges);
}

/** What a clip of the event changes: its clips, and its replay's when it has one. */
const clipListsOf = (eventId: number, videoId: number | null) =>
  videoId === null ? [eventClipsKey(eventId)] : [eventClipsKey(eventId), clipKeys.ofVideo(videoId)];

/**
 * POST events/{id}/markers/{markerId}/clips?offset=n: a clip around a marker (from the replay,
 * or from the live while the event is on air without one).
 */
export function useMarkerClip(eventId: number, videoId: number | null) {
  const api = useApi();
  return useAction(
    ({ markerId, offset, body }: { markerId: number; offset: number | null; body: MarkerClipBody }) =>
      api.post<ClipResponse>(clipPaths.markerClips(eventId, markerId), body, {
        ...(offset === null ? {} : { query: { offset } }),
      }),
    { success: 'clipping.ui.queued', invalidate: clipListsOf(eventId, videoId) },
  );
}

/** POST videos/{id}/clips: a clip of the in / out range of the event's replay. */
export function useRangeClip(eventId: number, videoId: number) {
  const api = useApi();
  return useAction((body: CreateClipBody) => api.post<ClipResponse>(clipPaths.videoClips(videoId), body), {
    success: 'clipping.ui.queued',
    invalidate: clipListsOf(eventId, videoId),
  });
}

/** How often the live's window is read again: it grows with every segment. */
const WINDOW_REFRESH_MS = 5_000;

/**
 * GET events|business-players/{id}/live-clips/window: what can be clipped now and the wall-clock
 * time of second 0 (to map the player's frame onto the clip's times); only asked while live.
 */
export function useLiveWindow(content: LiveContent, live: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [content.kind, content.id, 'live-window'],
    enabled: live,
    queryFn: ({ signal }) =>
      api.get<LiveWindowResponse>(clipPaths.liveWindow(content.kind, content.id), undefined, { signal }),
    refetchInterval: WINDOW_REFRESH_MS,
    retry: false,
  });
}

/**
 * GET events|business-players/{id}/live-clips/program: the program (cameras, the camera on air,
 * signed playlists) for those who clip the live without operating it; asked only while live.
 */
export function useClipProgram(content: LiveContent, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [content.kind, content.id, 'live-clips', 'program'],
    enabled,
    queryFn: ({ signal }) =>
      api.get<MulticamStatus>(clipPaths.liveProgram(content.kind, content.id), undefined, { signal }),
    // The camera on air changes with the operators' switches (the playlist follows by itself).
    refetchInterval: WINDOW_REFRESH_MS,
  });
}

/** POST events|business-players/{id}/live-clips: the instant copy, then the exact cut in its skin. */
export function useLiveClip(content: LiveContent) {
  const api = useApi();
  return useAction(
    (body: CreateClipBody) => api.post<ClipResponse>(clipPaths.liveClips(content.kind, content.id), body),
    { success: 'clipping.ui.queued', invalidate: content.kind === 'events' ? [eventClipsKey(content.id)] : [] },
  );
}

export interface EventChoice {
  id: number;
  name: string;
  startsAt: string | null;
}

/** Events matching the typed name (already debounced), for the /clipping/event picker. */
export function useEventSearch(search: string) {
  const api = useApi();
  return useQuery({
    queryKey: resourceKeys.options('events', search),
    queryFn: async ({ signal }) => {
      const page = await api.get<ListResponse<Record<string, unknown>>>(
        resourceBase(eventsResource),
        { limit: 20, ...(search ? { search } : {}) },
        { signal },
      );
      return page.data.flatMap((row): EventChoice[] =>
        typeof row.id === 'number'
          ? [
              {
                id: row.id,
                name: String(row.name ?? ''),
                startsAt: typeof row.startsAt === 'string' ? row.startsAt : null,
              },
            ]
          : [],
      );
    },
    placeholderData: keepPreviousData,
  });
}
