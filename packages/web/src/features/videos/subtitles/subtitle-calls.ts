import { type SubtitleLanguage, videoPaths } from '@regie/contract/videos';
import type { SubtitleCue } from '@regie/contract/videos.schemas';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { resourceKeys, videoKeys } from '../../../api/query-keys.ts';

/** The cues of one language, for editing; none while the video has no track in it. */
export function useSubtitleCues(videoId: number, language: SubtitleLanguage, exists: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: videoKeys.subtitleCues(videoId, language),
    queryFn: ({ signal }) => api.get<SubtitleCue[]>(videoPaths.subtitles(videoId, language), undefined, { signal }),
    enabled: exists,
  });
}

/** The body of PUT …/subtitles/{language}: the edited cues, or a WebVTT / SRT file's text. */
export type SubtitleBody = SubtitleCue[] | { format: 'vtt' | 'srt'; content: string };

/** Save and delete refresh the cues and the video (its languages and the player's tracks). */
export function useSubtitleActions(videoId: number, language: SubtitleLanguage) {
  const api = useApi();
  const invalidate = [videoKeys.subtitleCues(videoId, language), resourceKeys.record('videos', String(videoId))];
  const save = useAction(
    (body: SubtitleBody) => api.put<SubtitleCue[]>(videoPaths.subtitles(videoId, language), body),
    { invalidate },
  );
  const remove = useAction(() => api.delete(videoPaths.subtitles(videoId, language)), { invalidate });
  return { save, remove };
}
