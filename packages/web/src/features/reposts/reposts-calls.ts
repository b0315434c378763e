import { CLIP_SOURCES_LIMIT, clipPaths } from '@regie/contract/clips';
import type { ClipListResponse } from '@regie/contract/clips.schemas';
import { type RepostBody, type RepostList, type RepostResponse, repostPaths } from '@regie/contract/reposts';
import { videoPaths } from '@regie/contract/videos';
import type { ShareTargetsResponse } from '@regie/contract/videos.schemas';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';

const repostsKey = (eventId: number) => ['events', eventId, 'reposts'] as const;
const UNSETTLED: ReadonlySet<string> = new Set(['waiting', 'in_progress']);
const REFRESH_MS = 3_000;

/** The event's reposts; read again every few seconds while a target's job is still running. */
export function useReposts(eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: repostsKey(eventId),
    queryFn: ({ signal }) => api.get<RepostList>(repostPaths.list(eventId), undefined, { signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => item.job && UNSETTLED.has(item.job.state)) ? REFRESH_MS : false,
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

/** Which targets this server has and this user linked (null when the user may not read it). */
export function useShareTargets() {
  const api = useApi();
  return useQuery({
    queryKey: ['videos', 'share-targets'],
    queryFn: ({ signal }) => api.get<ShareTargetsResponse>(videoPaths.shareTargets, undefined, { signal }),
    retry: false,
  });
}

export function useRepost(eventId: number) {
  const api = useApi();
  return useAction((body: RepostBody) => api.post<RepostResponse>(repostPaths.list(eventId), body), {
    success: 'reposts.sent',
    invalidate: [repostsKey(eventId)],
  });
}
