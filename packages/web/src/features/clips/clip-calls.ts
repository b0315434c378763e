import { CLIP_SOURCES_LIMIT, clipPaths } from '@regie/contract/clips';
import type {
  ClipListResponse,
  ClipResponse,
  ClipSourcesResponse,
  CreateClipBody,
} from '@regie/contract/clips.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { clipKeys } from '../../api/query-keys.ts';
import { type ListSource, useSourceListController } from '../../resources/use-source-list-controller.ts';

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
const ONE_PAGE = { pageSize: CLIP_SOURCES_LIMIT.max } as const;

/**
 * The clips cut from a video, newest first, on one page (as many as the server gives at once).
 * While one is still being cut or encoded the list is read again every few seconds, so its state
 * follows even if a job event was missed.
 */
export function useVideoClips(videoId: number) {
  const api = useApi();
  const source = useMemo(
    (): ListSource<ClipListResponse> => ({
      key: (query) => clipKeys.page(videoId, query),
      all: clipKeys.ofVideo(videoId),
      // The server orders the clips itself and takes only the page.
      list: (query, signal) =>
        api.get<ClipListResponse>(
          clipPaths.videoClips(videoId),
          { offset: query.offset, limit: query.limit },
          { signal },
        ),
      defaultSort: { field: 'createdAt', direction: 'desc' },
      refetchInterval: (page) => (page?.data.some((clip) => !SETTLED.has(clip.state)) ? REFRESH_MS : false),
    }),
    [api, videoId],
  );
  return useSourceListController(source, { initial: ONE_PAGE });
}

export function useCreateClip(videoId: number | null) {
  const api = useApi();
  return useAction((body: CreateClipBody) => api.post<ClipResponse>(clipPaths.videoClips(videoId ?? 0), body), {
    success: 'clips.ui.queued',
    invalidate: [clipKeys.ofVideo(videoId ?? 0)],
  });
}
