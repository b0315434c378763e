import { useT } from '../../i18n/use-t.ts';
import { ClipsPanel } from './ClipsPanel.tsx';
import { useVideoClips } from './clip-calls.ts';

interface Props {
  sourceId: number;
}

/** The clips of a video, newest first, each with its state, its live progress and a player. */
export function VideoClipsList({ sourceId }: Props) {
  const t = useT();
  const clips = useVideoClips(sourceId);
  return (
    <ClipsPanel
      titleId="video-clips-title"
      title={t('clips.ui.clipsOfVideo')}
      clips={clips.rows}
      total={clips.rows ? clips.total : null}
      emptyText={t('clips.ui.noClips')}
    />
  );
}
