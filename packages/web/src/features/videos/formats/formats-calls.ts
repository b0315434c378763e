import {
  ASPECT_SLUGS,
  type Aspect,
  type ReframeKeyframe,
  type ReframeResponse,
  type Rendition,
  verticalPaths,
} from '@regie/contract/vertical';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { ApiError } from '../../../api/client.ts';

/** How often the formats are read again while one renders (its progress and the end of the render). */
const RENDERING_POLL_MS = 1_000;

export const formatKeys = {
  renditions: (videoId: number) => ['videos', videoId, 'renditions'] as const,
  reframe: (videoId: number, aspect: Aspect) => ['videos', videoId, 'reframe', aspect] as const,
  /** The path as of a render: a new render (the first one analyses) reads it again. */
  reframeOf: (videoId: number, aspect: Aspect, renderedAt: string | null) =>
    ['videos', videoId, 'reframe', aspect, renderedAt] as const,
};

const running = (rendition: Rendition) => rendition.state === 'queued' || rendition.state === 'rendering';

/** The video in every aspect; read again every second while one renders. */
export function useRenditions(videoId: number) {
  const api = useApi();
  return useQuery({
    queryKey: formatKeys.renditions(videoId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Rendition[] }>(verticalPaths.renditions(videoId), undefined, { signal })
        .then((page) => page.data),
    refetchInterval: (query) => (query.state.data?.some(running) ? RENDERING_POLL_MS : false),
  });
}

/**
 * The aspect's path: the editor's, else the automatic one; null before the aspect was rendered
 * once (the server has no path yet: 404).
 */
export function useReframe(videoId: number, aspect: Aspect, renderedAt: string | null, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: formatKeys.reframeOf(videoId, aspect, renderedAt),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<ReframeResponse>(verticalPaths.reframe(videoId, ASPECT_SLUGS[aspect]), undefined, {
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });
}

/** Render, remove, and the editor's path saved or reset; each refreshes the formats and the path. */
export function useFormatActions(videoId: number, aspect: Aspect) {
  const api = useApi();
  const slug = ASPECT_SLUGS[aspect];
  const invalidate = [formatKeys.renditions(videoId), formatKeys.reframe(videoId, aspect)];
  const render = useAction(() => api.post<Rendition>(verticalPaths.rendition(videoId, slug), {}), { invalidate });
  const remove = useAction(() => api.delete(verticalPaths.rendition(videoId, slug)), { invalidate });
  const save = useAction(
    (keyframes: ReframeKeyframe[]) => api.put<ReframeResponse>(verticalPaths.reframe(videoId, slug), { keyframes }),
    { invalidate },
  );
  const reset = useAction(() => api.delete(verticalPaths.reframe(videoId, slug)), { invalidate });
  return { render, remove, save, reset };
}
