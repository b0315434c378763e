import { satisfies } from '@regie/contract/access';
import {
  type ApproveBody,
  PUBLICATION_EVENT,
  PUBLICATIONS_READ_RULES,
  PUBLICATIONS_TOPIC,
  PUBLISH_RULES,
  type Publication,
  type PublicationEvent,
  type PublishBody,
  publicationEvent,
  publicationsPaths,
} from '@regie/contract/publications';
import { SOCIAL_MODULE } from '@regie/contract/social';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { publicationKeys } from '../../api/query-keys.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';
import { useAccessSubject } from '../../session/access.ts';

/** A page of publications as GET publications answers it. */
export interface PublicationPage {
  data: Publication[];
  total: number;
}

export const PUBLICATIONS_PAGE_SIZE = 25;

const mayRead = (subject: Parameters<typeof satisfies>[0]) =>
  PUBLICATIONS_READ_RULES.some((rule) => satisfies(subject, rule));
const mayPublish = (subject: Parameters<typeof satisfies>[0]) => PUBLISH_RULES.some((rule) => satisfies(subject, rule));

const WITH_MODULE = { requiredModules: [SOCIAL_MODULE] } as const;

/** Publishing is offered: the account has SOCIAL_SHARING and the user one of PUBLISH_RULES. */
export function useMayPublish(): boolean {
  const subject = useAccessSubject();
  return satisfies(subject, WITH_MODULE) && mayPublish(subject);
}

/** Publications are shown: the account has SOCIAL_SHARING and the user may read them. */
export function useMayReadPublications(): boolean {
  const subject = useAccessSubject();
  return satisfies(subject, WITH_MODULE) && mayRead(subject);
}

/**
 * Keeps every publication shown in step with the server (contract PUBLICATIONS_TOPIC): an upload's
 * progress is written into the lists held, a new state reads them again (the URL, the reason).
 */
export function usePublicationsLive(enabled = true): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(PUBLICATIONS_TOPIC, (event) => {
    if (!enabled || event.type !== PUBLICATION_EVENT) return;
    const parsed = publicationEvent.safeParse(event.payload);
    if (parsed.success) applyEvent(queryClient, parsed.data);
  });
}

function applyEvent(queryClient: QueryClient, event: PublicationEvent): void {
  let known = false;
  let stateChanged = false;
  const update = (item: Publication): Publication => {
    if (item.id !== event.id) return item;
    known = true;
    if (item.state !== event.state) stateChanged = true;
    return { ...item, state: event.state, progress: event.progress };
  };
  queryClient.setQueriesData<PublicationPage>({ queryKey: publicationKeys.all }, (page) =>
    page ? { ...page, data: page.data.map(update) } : page,
  );
  // A publication not held yet (made elsewhere), or one whose state moved: read again.
  if (!known || stateChanged) void queryClient.invalidateQueries({ queryKey: publicationKeys.all });
}

/** A page of the account's publications. */
export function usePublicationsPage(query: Record<string, unknown>) {
  const api = useApi();
  return useQuery({
    queryKey: publicationKeys.list(query),
    queryFn: ({ signal }) => api.get<PublicationPage>(publicationsPaths.list, query, { signal, authorize: mayRead }),
    placeholderData: keepPreviousData,
  });
}

/** One video's publications (newest first). */
export function useVideoPublications(videoId: number, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: publicationKeys.ofVideo(videoId),
    queryFn: ({ signal }) =>
      api.get<PublicationPage>(publicationsPaths.ofVideo(videoId), undefined, { signal, authorize: mayRead }),
    enabled,
  });
}

/** The publications of several videos at once (a page of clips), by video. */
export function usePublicationsOfVideos(videoIds: readonly number[], enabled = true) {
  const api = useApi();
  const ids = [...videoIds].sort((a, b) => a - b).join(',');
  return useQuery({
    queryKey: publicationKeys.ofVideos(ids),
    queryFn: ({ signal }) =>
      api.get<PublicationPage>(publicationsPaths.list, { videoIds: ids, limit: 100 }, { signal, authorize: mayRead }),
    enabled: enabled && ids.length > 0,
    placeholderData: keepPreviousData,
    select: (page) => {
      const byVideo = new Map<number, Publication[]>();
      for (const item of page.data) byVideo.set(item.videoId, [...(byVideo.get(item.videoId) ?? []), item]);
      return byVideo;
    },
  });
}

/** POST videos/{id}/publications: one publication per target. */
export function usePublish(videoId: number) {
  const api = useApi();
  return useAction(
    (body: PublishBody) =>
      api.post<{ data: Publication[] }>(publicationsPaths.ofVideo(videoId), body, { authorize: mayPublish }),
    {
      pending: false,
      success: false,
      successText: (result, _input, t) => t('publications.published', { count: result.data.length }),
      invalidate: [publicationKeys.all],
    },
  );
}

/** Approve (with the caption as edited) and reject a clip rule's publication awaiting approval. */
export function useApprovalActions() {
  const api = useApi();
  const invalidate = [publicationKeys.all];
  const approve = useAction(
    ({ id, body }: { id: number; body: ApproveBody }) =>
      api.post<Publication>(publicationsPaths.approve(id), body, { authorize: mayPublish }),
    { pending: false, success: 'publications.approvals.approved', invalidate },
  );
  const reject = useAction(
    (id: number) => api.post<Publication>(publicationsPaths.reject(id), undefined, { authorize: mayPublish }),
    { pending: false, success: 'publications.approvals.rejected', invalidate },
  );
  return { approve, reject };
}

/**
 * Tells every open back-office of a user who publishes that a clip rule's publication awaits
 * approval (its first event is in state 'approval'), with the way to the approvals screen.
 */
export function useApprovalNotices(onNew: (event: PublicationEvent) => void): void {
  const mayPublish = useMayPublish();
  useRealtimeEvent(PUBLICATIONS_TOPIC, (event) => {
    if (!mayPublish || event.type !== PUBLICATION_EVENT) return;
    const parsed = publicationEvent.safeParse(event.payload);
    if (parsed.success && parsed.data.state === 'approval') onNew(parsed.data);
  });
}

/** Cancel (DELETE) and retry (POST …/retry) of one publication. */
export function usePublicationActions() {
  const api = useApi();
  const invalidate = [publicationKeys.all];
  const cancel = useAction(
    (id: number) => api.delete<Publication>(publicationsPaths.one(id), { authorize: mayPublish }),
    { pending: false, success: 'publications.cancelled', invalidate },
  );
  const retry = useAction(
    (id: number) => api.post<Publication>(publicationsPaths.retry(id), undefined, { authorize: mayPublish }),
    { pending: false, success: 'publications.retried', invalidate },
  );
  return { cancel, retry };
}
