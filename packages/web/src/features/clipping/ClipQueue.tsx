import { useT } from '../../i18n/use-t.ts';
import { ClipsPanel } from '../clips/ClipsPanel.tsx';
import { useEventClips } from './clipping-calls.ts';

interface Props {
  eventId: number;
  /** The event's replay; null while live (no replay yet). */
  videoId: number | null;
  /** The clip whose player is open. */
  playing: number | null;
  onPlay: (id: number) => void;
}

/** The event's clips, newest first: state, live progress while cut and encoded, then a player. */
export function ClipQueue({ eventId, videoId, playing, onPlay }: Props) {
  const t = useT();
  const { clips, refresh } = useEventClips(eventId, videoId);
  return (
    <ClipsPanel
      titleId="clip-queue-title"
      title={t('clipping.ui.queueTitle')}
      clips={clips}
      total={clips ? clips.length : null}
      emptyText={t('clipping.ui.noClips')}
      playing={{ id: playing, toggle: onPlay }}
      testId="clip-queue"
      onJobEnded={refresh}
    />
  );
}
