import {
  type Graphic,
  type GraphicBody,
  type GraphicList,
  type GraphicUpdateBody,
  graphicPaths,
} from '@regie/contract/graphics';
import { videoPaths } from '@regie/contract/videos';
import type { VideoPlayback } from '@regie/contract/videos.schemas';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';

export const graphicKeys = {
  ofEvent: (eventId: number) => ['events', eventId, 'graphics'] as const,
  event: (eventId: number) => ['events', eventId, 'record'] as const,
  poster: (videoId: number) => ['videos', videoId, 'poster'] as const,
};

/** The event's graphics, oldest first. */
export function useEventGraphics(eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: graphicKeys.ofEvent(eventId),
    queryFn: ({ signal }) => api.get<GraphicList>(graphicPaths.list(eventId), undefined, { signal }),
  });
}

export interface EventRecord {
  id: number;
  name: string;
  state: 'upcoming' | 'live' | 'replay';
  videoId: number | null;
}

/** The event as GET events/{id} gives it (its state, its replay video). */
export function useEventRecord(eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: graphicKeys.event(eventId),
    queryFn: ({ signal }) => api.get<EventRecord>(`/main-api/events/${eventId}`, undefined, { signal }),
  });
}

/** A frame of the event's replay (its poster) to preview graphics on; null when there is none or it cannot be read. */
export function useEventPoster(eventId: number): string | null {
  const api = useApi();
  const event = useEventRecord(eventId);
  const videoId = event.data?.videoId ?? null;
  const video = useQuery({
    queryKey: graphicKeys.poster(videoId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ playback: VideoPlayback }>(videoPaths.video(videoId ?? 0), undefined, { signal }),
    enabled: videoId !== null,
    retry: false,
  });
  return video.data?.playback?.posterUrl ?? null;
}

export function useSaveGraphic(eventId: number) {
  const api = useApi();
  return useAction(
    ({ id, body }: { id: number | null; body: GraphicBody | GraphicUpdateBody }) =>
      id === null
        ? api.post<Graphic>(graphicPaths.list(eventId), body)
        : api.put<Graphic>(graphicPaths.one(eventId, id), body),
    { success: 'graphics.saved', invalidate: [graphicKeys.ofEvent(eventId)] },
  );
}

export function useDeleteGraphic(eventId: number) {
  const api = useApi();
  return useAction((id: number) => api.delete(graphicPaths.one(eventId, id)), {
    success: 'graphics.deleted',
    invalidate: [graphicKeys.ofEvent(eventId)],
  });
}
