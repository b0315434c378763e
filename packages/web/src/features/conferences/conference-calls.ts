import { resourcePath } from '@regie/contract/api';
import { CLIP_SOURCES_LIMIT, clipPaths } from '@regie/contract/clips';
import type { ClipListResponse, ClipResponse, CreateClipBody } from '@regie/contract/clips.schemas';
import { conferencePaths } from '@regie/contract/conferences';
import type {
  ChapterInput,
  ChapterPatch,
  ChaptersExport,
  ChaptersResponse,
  ConferenceClipBody,
  ConferenceReplay,
  SpeakersRelationship,
} from '@regie/contract/conferences.schemas';
import { businessPlayersResource } from '@regie/contract/resources/business-players';
import type { ListResponse } from '@regie/contract/resources/shapes';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';

/** Query keys of the conference calls (one prefix: a conference's screens refresh together). */
export const conferenceKeys = {
  all: ['conferences'] as const,
  of: (id: number) => ['conferences', id] as const,
  replay: (id: number) => ['conferences', id, 'replay'] as const,
  chapters: (id: number) => ['conferences', id, 'chapters'] as const,
  speakers: (id: number) => ['conferences', id, 'speakers'] as const,
  clips: (id: number) => ['conferences', id, 'clips'] as const,
  search: (search: string) => ['conferences', 'search', search] as const,
};

/** States after which a clip changes no more. */
const SETTLED: ReadonlySet<string> = new Set(['ready', 'failed']);
const REFRESH_MS = 3_000;
const SEARCH_LIMIT = 10;

export function useReplay(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: conferenceKeys.replay(id),
    queryFn: ({ signal }) => api.get<ConferenceReplay>(conferencePaths.replay(id), undefined, { signal }),
    // A conference being created has no replay yet.
    enabled: id > 0,
  });
}

export function useChapters(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: conferenceKeys.chapters(id),
    queryFn: ({ signal }) => api.get<ChaptersResponse>(conferencePaths.chapters(id), undefined, { signal }),
  });
}

/**
 * Runs the chapter calls one after the other: a chapter added with N right after a title was
 * typed must build on the list that title's save answered, not on the list shown before it.
 */
function useSerial() {
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(work, work);
    queue.current = next.catch(() => undefined);
    return next;
  };
}

/** The chapter calls; each answers the stored list, which replaces the shown one at once. */
export function useChapterActions(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const serial = useSerial();
  const key = conferenceKeys.chapters(id);
  const invalidate = [key];
  const quiet = { pending: false, success: false, invalidate } as const;
  const stored = async (call: Promise<ChaptersResponse>) => {
    const answer = await call;
    queryClient.setQueryData(key, answer);
    return answer;
  };
  const current = (): ChapterInput[] =>
    (queryClient.getQueryData<ChaptersResponse>(key)?.data ?? []).map((chapter) => ({
      title: chapter.title,
      startSeconds: chapter.startSeconds,
    }));
  return {
    /** POST the list made from the stored one (read once the calls before it are done). */
    replace: useAction(
      (change: (chapters: ChapterInput[]) => ChapterInput[]) =>
        serial(() => stored(api.post<ChaptersResponse>(conferencePaths.chapters(id), { chapters: change(current()) }))),
      quiet,
    ),
    update: useAction(
      ({ chapterId, patch }: { chapterId: number; patch: ChapterPatch }) =>
        serial(() => stored(api.put<ChaptersResponse>(conferencePaths.chapter(id, chapterId), patch))),
      quiet,
    ),
    remove: useAction((chapterId: number) => serial(() => api.delete(conferencePaths.chapter(id, chapterId))), quiet),
    removeAll: useAction(() => serial(() => api.delete(conferencePaths.chapters(id))), {
      success: 'conferences.chapters.allDeleted',
      invalidate,
    }),
    exportAll: useAction(
      () => serial(() => api.post<ChaptersExport>(conferencePaths.actions(id), { type: 'export_chapters' })),
      { pending: false, success: false },
    ),
  };
}

export type ChapterActions = ReturnType<typeof useChapterActions>;

export function useConferenceSpeakers(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: conferenceKeys.speakers(id),
    queryFn: ({ signal }) => api.get<SpeakersRelationship>(conferencePaths.speakers(id), undefined, { signal }),
  });
}

export function useSetSpeakers(id: number) {
  const api = useApi();
  return useAction(
    (ids: number[]) =>
      api.patch<SpeakersRelationship>(conferencePaths.speakers(id), {
        data: ids.map((speakerId) => ({ type: 'Speaker', id: speakerId })),
      }),
    { success: 'conferences.speakers.saved', invalidate: [conferenceKeys.speakers(id)] },
  );
}

/** The conference's clips, newest first; read again every few seconds while one is being made. */
export function useConferenceClips(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: conferenceKeys.clips(id),
    queryFn: ({ signal }) =>
      api.get<ClipListResponse>(conferencePaths.clips(id), { limit: CLIP_SOURCES_LIMIT.max }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some((clip) => !SETTLED.has(String(clip.state))) ? REFRESH_MS : false,
  });
}

export function useCreateConferenceClip(id: number) {
  const api = useApi();
  return useAction((body: ConferenceClipBody) => api.post<ClipResponse>(conferencePaths.clips(id), body), {
    success: 'clips.ui.queued',
    invalidate: [conferenceKeys.clips(id)],
  });
}

/** A clip of the conference while it is live: in / out in seconds from the live's start (clipPaths.liveClips). */
export function useCreateConferenceLiveClip(id: number) {
  const api = useApi();
  return useAction(
    (body: CreateClipBody) => api.post<ClipResponse>(clipPaths.liveClips('business-players', id), body),
    { success: 'clipping.ui.queued', invalidate: [conferenceKeys.clips(id)] },
  );
}

/** Conferences matching the typed name (already debounced), latest first. */
export function useConferenceSearch(search: string) {
  const api = useApi();
  return useQuery({
    queryKey: conferenceKeys.search(search),
    queryFn: ({ signal }) =>
      api.get<ListResponse<ResourceRecord>>(
        resourcePath(businessPlayersResource),
        { limit: SEARCH_LIMIT, ...(search ? { search } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
