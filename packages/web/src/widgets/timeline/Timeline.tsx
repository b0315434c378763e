import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import classes from './timeline.module.css';
import { moveTime, positionToTime, spanPercent, timeToPercent } from './timeline-math.ts';

/** One point on a timeline: a marker, a chapter… */
export interface TimelinePoint {
  id: number;
  /** Seconds from the start. */
  time: number;
  /** Seconds it lasts; null for an instant. */
  duration: number | null;
  label: string;
  /** A CSS colour. */
  color: string;
  /** An uploaded icon; else `symbol`, a symbol of the sprites inlined in the page (a sport's). */
  iconUrl?: string | null;
  symbol?: string | null;
}

interface Props {
  points: readonly TimelinePoint[];
  /** The video's length in seconds (0 while unknown). */
  duration: number;
  /** The playhead, seconds. */
  currentTime: number;
  /** Names the timeline for assistive technologies. */
  label: string;
  /** What a point is called for assistive technologies ('Goal at 0:12'). */
  pointLabel: (point: TimelinePoint) => string;
  onSeek: (seconds: number) => void;
  /** Moved by dragging or by the arrow keys; absent: points stay put. */
  onMove?: (id: number, seconds: number) => void;
  /** Delete / Backspace on a focused point; absent: points cannot be removed here. */
  onDelete?: (id: number) => void;
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  /** Arrow keys move a point by this (Shift: bigStep). */
  step: number;
  bigStep: number;
}

/** What the pointer is dragging: the point and where it would land. */
interface Drag {
  id: number;
  time: number;
  moved: boolean;
}

/**
 * A generic timeline under a player: points with their time, span, label, colour and icon, and
 * the playhead. A click on the track seeks; a point can be dragged, and when focused moved with
 * ← → (Shift: further) and removed with Delete. Points are buttons: Tab reaches each of them.
 */
export function Timeline(props: Props) {
  const { points, duration, currentTime, label, onSeek } = props;
  const track = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const timeAt = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    return box ? positionToTime(clientX - box.left, box.width, duration) : 0;
  };

  function onTrackPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return;
    onSeek(timeAt(event.clientX));
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form fields; this groups a timeline's points
    <div ref={track} className={classes.timeline} role="group" aria-label={label} onPointerDown={onTrackPointerDown}>
      {points.map((point) => {
        const time = drag?.id === point.id ? drag.time : point.time;
        const width = spanPercent(time, point.duration, duration);
        return width > 0 ? (
          <span
            key={`span-${point.id}`}
            className={classes.span}
            style={{ left: `${timeToPercent(time, duration)}%`, width: `${width}%`, background: point.color }}
          />
        ) : null;
      })}
      <span className={classes.playhead} style={{ left: `${timeToPercent(currentTime, duration)}%` }} />
      {points.map((point) => (
        <TimelinePin key={point.id} point={point} drag={drag} setDrag={setDrag} timeAt={timeAt} {...props} />
      ))}
    </div>
  );
}

interface PinProps extends Props {
  point: TimelinePoint;
  drag: Drag | null;
  setDrag: (drag: Drag | null) => void;
  timeAt: (clientX: number) => number;
}

/** One point: a button that can be dragged, moved with the arrows and deleted. */
function TimelinePin({ point, drag, setDrag, timeAt, duration, pointLabel, ...props }: PinProps) {
  const { onMove, onDelete, onSelect, onSeek, selectedId, step, bigStep } = props;
  const dragging = drag?.id === point.id;
  const time = dragging ? drag.time : point.time;
  // The click that ends a drag is not a click on the point.
  const dragged = useRef(false);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const by = event.shiftKey ? bigStep : step;
    if (onMove && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      event.stopPropagation();
      onMove(point.id, moveTime(point.time, event.key === 'ArrowLeft' ? -by : by, duration));
    } else if (onDelete && (event.key === 'Delete' || event.key === 'Backspace')) {
      event.preventDefault();
      event.stopPropagation();
      onDelete(point.id);
    }
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ id: point.id, time: point.time, moved: false });
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    if (!dragging || !onMove) return;
    setDrag({ id: point.id, time: timeAt(event.clientX), moved: true });
  }

  function onPointerUp() {
    if (!dragging) return;
    setDrag(null);
    dragged.current = drag.moved;
    if (drag.moved && onMove && drag.time !== point.time) onMove(point.id, drag.time);
  }

  const classNames = [classes.point, selectedId === point.id ? classes.selected : '', dragging ? classes.dragging : ''];
  return (
    <button
      type="button"
      className={classNames.join(' ')}
      style={{ left: `${timeToPercent(time, duration)}%`, background: point.color }}
      aria-label={pointLabel({ ...point, time })}
      aria-pressed={selectedId === point.id}
      aria-keyshortcuts={onMove ? 'ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Delete' : undefined}
      data-testid={`timeline-point-${point.id}`}
      data-time={time}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onClick={() => {
        if (dragged.current) {
          dragged.current = false;
          return;
        }
        onSelect?.(point.id);
        onSeek(point.time);
      }}
    >
      <PointIcon point={point} />
    </button>
  );
}

/** A point's icon: its uploaded image, else its symbol in the page's sprites (a sport's marker icon). */
export function PointIcon({ point }: { point: Pick<TimelinePoint, 'iconUrl' | 'symbol'> }) {
  if (point.iconUrl) return <img src={point.iconUrl} alt="" className={classes.icon} />;
  if (!point.symbol) return null;
  return (
    <svg className={classes.icon} aria-hidden="true" focusable="false" data-symbol={point.symbol}>
      <use href={`#${point.symbol}`} />
    </svg>
  );
}
