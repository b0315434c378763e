import { CLIP_SOURCES_LIMIT, clipPaths } from '@regie/contract/clips';
import type { ClipListResponse, ClipResponse, CreateClipBody, MarkerClipBody } from '@regie/contract/clips.schemas';
import { eventsResource } from '@regie/contract/resources/events';
import type { ListResponse } from '@regie/contract/resources/shapes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { clipKeys, resourceKeys } from '../../api/query-keys.ts';
import { resourceBase } from '../../api/resource-api.ts';
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
export function useEventClips(eventId: number, videoId: number) {
  const api = useApi();
  const fromMarkers = useQuery({
    queryKey: eventClipsKey(eventId),
    queryFn: ({ signal }) =>
      api.get<ClipListResponse>(clipPaths.eventClips(eventId), { limit: CLIP_SOURCES_LIMIT.max }, { signal }),
    refetchInterval: refreshWhileWorking,
  });
  const fromReplay = useQuery({
    queryKey: clipKeys.page(videoId, REPLAY_CLIPS_QUERY),
    queryFn: ({ signal }) => api.get<ClipListResponse>(clipPaths.videoClips(videoId), REPLAY_CLIPS_QUERY, { signal }),
    refetchInterval: refreshWhileWorking,
  });
  if (!fromMarkers.data || !fromReplay.data) return null;
  // The replay's clips made for another event (its own markers) are that event's.
  const ranges = fromReplay.data.data.filter((clip) => {
    const eventOf = clipInfoOf(clip)?.eventId ?? null;
    return eventOf === null || eventOf === eventId;
  });
  return mergeClips(fromMarkers.data.data, ranges);
}

/** POST events/{id}/markers/{markerId}/clips?offset=n: a clip around a marker. */
export function useMarkerClip(eventId: number, videoId: number) {
  const api = useApi();
  return useAction(
    ({ markerId, offset, body }: { markerId: number; offset: number | null; body: MarkerClipBody }) =>
      api.post<ClipResponse>(clipPaths.markerClips(eventId, markerId), body, {
        ...(offset === null ? {} : { query: { offset } }),
      }),
    { success: 'clipping.ui.queued', invalidate: [eventClipsKey(eventId), clipKeys.ofVideo(videoId)] },
  );
}

/** POST videos/{id}/clips: a clip of the in / out range of the event's replay. */
export function useRangeClip(eventId: number, videoId: number) {
  const api = useApi();
  return useAction((body: CreateClipBody) => api.post<ClipResponse>(clipPaths.videoClips(videoId), body), {
    success: 'clipping.ui.queued',
    invalidate: [eventClipsKey(eventId), clipKeys.ofVideo(videoId)],
  });
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
