import { useEffect, useRef, useState } from 'react';
import type { ClipClock } from '../clipping/use-clip-workspace.ts';
import type { LiveDesk } from '../clipping/use-live-desk.ts';
import { DvrMarkerTicks } from './DvrMarkerTicks.tsx';
import { MarkerFeedback } from './MarkerFeedback.tsx';
import { useEventMarkers, useMarkerTypes } from './marker-calls.ts';

const PLAYHEAD_READ_MS = 500;

/** Whether the program player's frame has a second on the live's axis yet (marker keys wait for it). */
function usePlayheadKnown(clock: ClipClock): boolean {
  const [known, setKnown] = useState(false);
  const latest = useRef(clock);
  latest.current = clock;
  useEffect(() => {
    const timer = setInterval(() => setKnown(latest.current.playhead() !== null), PLAYHEAD_READ_MS);
    return () => clearInterval(timer);
  }, []);
  return known;
}

/** Above a live event's program player, where the operator looks: what the last marker keys made. */
export function LiveMarkerFeedback({ desk, eventId }: { desk: LiveDesk; eventId: number }) {
  const { types } = useMarkerTypes(eventId);
  const known = usePlayheadKnown(desk.clock);
  return <MarkerFeedback eventId={eventId} types={types} waiting={!known} />;
}

/** Under a live event's program player: its markers as ticks on the DVR window. */
export function LiveMarkerTicks({ desk, eventId }: { desk: LiveDesk; eventId: number }) {
  const markers = useEventMarkers(eventId);
  const { types } = useMarkerTypes(eventId);
  return <DvrMarkerTicks markers={markers.data ?? []} types={types} window={desk.bounds} onSeek={desk.clock.seek} />;
}
