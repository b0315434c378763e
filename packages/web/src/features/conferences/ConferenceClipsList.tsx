import { useT } from '../../i18n/use-t.ts';
import { ClipsPanel } from '../clips/ClipsPanel.tsx';
import { useConferenceClips } from './conference-calls.ts';

/** GET business-players/{id}/clips: each clip with its state, its live job progress and a player. */
export function ConferenceClipsList({ conferenceId }: { conferenceId: number }) {
  const t = useT();
  const clips = useConferenceClips(conferenceId);
  return (
    <ClipsPanel
      titleId="conference-clips-title"
      title={t('conferences.clip.clips')}
      clips={clips.data?.data ?? null}
      total={clips.data?.total ?? null}
      emptyText={t('clips.ui.noClips')}
    />
  );
}
