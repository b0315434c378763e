import { Stack } from '@mantine/core';
import type { LiveDesk } from '../clipping/use-live-desk.ts';
import { DvrMarkerTicks } from './DvrMarkerTicks.tsx';
import { MarkerFeedback } from './MarkerFeedback.tsx';
import { useEventMarkers, useMarkerTypes } from './marker-calls.ts';

/**
 * Under a live event's program player, where the operator looks: its markers as ticks on the
 * DVR window, and what the last marker keys made.
 */
export function LiveMarkerStrip({ desk, eventId }: { desk: LiveDesk; eventId: number }) {
  const markers = useEventMarkers(eventId);
  const { types } = useMarkerTypes(eventId);
  return (
    <Stack gap={6}>
      <DvrMarkerTicks markers={markers.data ?? []} types={types} window={desk.bounds} onSeek={desk.clock.seek} />
      <MarkerFeedback eventId={eventId} types={types} />
    </Stack>
  );
}
