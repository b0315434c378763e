import { CLIP_SOURCES_LIMIT, clipPaths } from '@regie/contract/clips';
import type {
  ClipListResponse,
  ClipResponse,
  ClipSourcesResponse,
  CreateClipBody,
} from '@regie/contract/clips.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { clipKeys } from '../../api/query-keys.ts';

/** Ready videos that may be clipped, matching the typed title (already debounced). */
export function useClipSources(search: string) {
  const api = useApi();
  return useQuery({
    queryKey: clipKeys.sources(search),
    queryFn: ({ signal }) =>
      api.get<ClipSourcesResponse>(
        clipPaths.sources,
        { limit: CLIP_SOURCES_LIMIT.default, ...(search ? { search } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** States after which a clip changes no more. */
const SETTLED: ReadonlySet<string> = new Set(['ready', 'failed']);
const REFRESH_MS = 3_000;

/**
 * The clips cut from a video, newest first. While one is still being cut or encoded the list is
 * read again every few seconds, so its state follows even if a job event was missed.
 */
export function useVideoClips(videoId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: clipKeys.ofVideo(videoId ?? 0),
    queryFn: ({ signal }) => api.get<ClipListResponse>(clipPaths.videoClips(videoId ?? 0), undefined, { signal }),
    enabled: videoId !== null,
    refetchInterval: (query) => (query.state.data?.data.some((clip) => !SETTLED.has(clip.state)) ? REFRESH_MS : false),
  });
}

export function useCreateClip(videoId: number | null) {
  const api = useApi();
  return useAction((body: CreateClipBody) => api.post<ClipResponse>(clipPaths.videoClips(videoId ?? 0), body), {
    success: 'clips.ui.queued',
    invalidate: [clipKeys.ofVideo(videoId ?? 0)],
  });
}
