import { CLIP_SOURCES_LIMIT, clipPaths } from '@regie/contract/clips';
import type { ClipListResponse } from '@regie/contract/clips.schemas';
import { type RepostBody, type RepostList, type RepostResponse, repostPaths } from '@regie/contract/reposts';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';

const repostsKey = (eventId: number) => ['events', eventId, 'reposts'] as const;
/** Publication states that still change on their own (a scheduled one waits for its time). */
const UNSETTLED: ReadonlySet<string> = new Set(['queued', 'rendering', 'uploading', 'processing']);
const REFRESH_MS = 3_000;

/** The event's reposts; read again every few seconds while a target's publication is on its way. */
export function useReposts(eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: repostsKey(eventId),
    queryFn: ({ signal }) => api.get<RepostList>(repostPaths.list(eventId), undefined, { signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => item.publication && UNSETTLED.has(item.publication.state))
        ? REFRESH_MS
        : false,
  });
}

/** The event's clips (its replay comes from the event record). */
export function useEventClips(eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['events', eventId, 'clips', 'repostable'],
    queryFn: ({ signal }) =>
      api.get<ClipListResponse>(clipPaths.eventClips(eventId), { limit: CLIP_SOURCES_LIMIT.max }, { signal }),
    retry: false,
  });
}

export function useRepost(eventId: number) {
  const api = useApi();
  return useAction((body: RepostBody) => api.post<RepostResponse>(repostPaths.list(eventId), body), {
    success: 'reposts.sent',
    // Every target refused: the results under the form say why, the notification must not say "requested".
    successText: (response, _body, t) =>
      response.results.some((result) => result.outcome === 'queued') ? null : t('reposts.noneQueued'),
    invalidate: [repostsKey(eventId)],
  });
}
