import { useQuery } from '@tanstack/react-query';
import { type PointerEvent, useMemo, useState } from 'react';
import { useApi } from '../../api/api-context.ts';
import { videoKeys } from '../../api/query-keys.ts';
import { useT } from '../../i18n/use-t.ts';
import classes from './player.module.css';
import { cueAt, parseStoryboard } from './storyboard.ts';
import { formatClock } from './time-format.ts';

interface Props {
  currentTime: number;
  duration: number;
  storyboardVttUrl: string | null;
  onSeek: (seconds: number) => void;
}

/** The storyboard's cells, fetched once per URL (the URL changes when its token does). */
function useStoryboard(url: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: videoKeys.storyboard(url),
    queryFn: async () => {
      const absolute = new URL(url ?? '', window.location.href).href;
      return parseStoryboard(await api.text(absolute), absolute);
    },
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The seek bar: a native range (arrows, Home, End work as everywhere) showing, above the pointer
 * or the focused thumb, the storyboard's picture of that moment and its time.
 */
export function SeekBar({ currentTime, duration, storyboardVttUrl, onSeek }: Props) {
  const t = useT();
  const storyboard = useStoryboard(storyboardVttUrl);
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const total = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const previewTime = hoverTime ?? (focused ? currentTime : null);
  const cue = useMemo(
    () => (previewTime === null ? null : cueAt(storyboard.data ?? [], previewTime)),
    [previewTime, storyboard.data],
  );

  function hover(event: PointerEvent<HTMLInputElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || total === 0) return;
    setHoverTime(Math.min(total, Math.max(0, ((event.clientX - box.left) / box.width) * total)));
  }

  // The preview follows the pointer but never leaves the player's sides.
  const half = (cue?.width ?? 48) / 2 + 2;
  const percent = previewTime !== null && total > 0 ? (previewTime / total) * 100 : 0;
  const left = `clamp(${half}px, ${percent}%, calc(100% - ${half}px))`;
  return (
    <div className={classes.seek}>
      {previewTime !== null && (
        <div className={classes.preview} style={{ left }} aria-hidden data-testid="storyboard-preview">
          {cue && (
            <div
              className={classes.thumbnail}
              style={{
                width: cue.width,
                height: cue.height,
                backgroundImage: `url("${cue.url}")`,
                backgroundPosition: `-${cue.x}px -${cue.y}px`,
              }}
            />
          )}
          <span className={classes.previewTime}>{formatClock(previewTime)}</span>
        </div>
      )}
      <input
        type="range"
        className={classes.range}
        min={0}
        max={total}
        step={0.1}
        value={Math.min(currentTime, total)}
        aria-label={t('player.seek')}
        aria-valuetext={t('player.position', { current: formatClock(currentTime), total: formatClock(total) })}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        onPointerMove={hover}
        onPointerLeave={() => setHoverTime(null)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        disabled={total === 0}
      />
    </div>
  );
}
