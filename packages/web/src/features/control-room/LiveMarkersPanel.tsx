import { Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { MARKER_MOVE_BIG_STEP_SECONDS, MARKER_MOVE_STEP_SECONDS, type MarkerRecord } from '@regie/contract/markers';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { Timeline } from '../../widgets/timeline/Timeline.tsx';
import { snapTime } from '../../widgets/timeline/timeline-math.ts';
import type { ClipClock } from '../clipping/use-clip-workspace.ts';
import type { LiveDesk } from '../clipping/use-live-desk.ts';
import { KeyLegend } from '../markers/KeyLegend.tsx';
import { MarkerList } from '../markers/MarkerList.tsx';
import { useEventMarkers, useMarkerActions, useMarkerTypes } from '../markers/marker-calls.ts';
import { markerPoints } from '../markers/marker-points.ts';
import { useMarkerTypeKeys } from '../markers/use-marker-keys.ts';
import { useMarkerPointLabel } from '../markers/use-point-label.ts';

const PLAYHEAD_READ_MS = 500;

/** The program player's second (from the live's start), read twice a second; null while unknown. */
function usePlayhead(clock: ClipClock): number | null {
  const [at, setAt] = useState<number | null>(null);
  const latest = useRef(clock);
  latest.current = clock;
  useEffect(() => {
    const timer = setInterval(() => setAt(latest.current.playhead()), PLAYHEAD_READ_MS);
    return () => clearInterval(timer);
  }, []);
  return at;
}

/**
 * The event's markers during its live (features/markers): on a timeline over what is recorded,
 * one key per marker type dropping a marker at the program's frame (its second from the live's
 * start, as the replay will count it), and the list to edit them; other editors follow live.
 */
export function LiveMarkersPanel({ desk, eventId }: { desk: LiveDesk; eventId: number }) {
  const t = useT();
  const markers = useEventMarkers(eventId);
  const { types } = useMarkerTypes();
  const actions = useMarkerActions(eventId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const playhead = usePlayhead(desk.clock);
  const keyed = useMarkerTypeKeys(types, (type) => {
    const at = desk.clock.playhead();
    if (at !== null) actions.create.mutate({ markerTypeId: type.id, timeSeconds: snapTime(at) });
  });
  const rows = markers.data ?? [];
  const pointLabel = useMarkerPointLabel();
  const select = (marker: MarkerRecord) => {
    setSelectedId(marker.id);
    desk.clock.seek(marker.timeSeconds);
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="control-room-markers-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="control-room-markers-title">
          {t('markers.ui.listTitle', { count: rows.length })}
        </Title>
        {playhead === null && (
          <Text size="sm" c="dimmed">
            {t('controlRoom.markersWaiting')}
          </Text>
        )}
        <Timeline
          points={markerPoints(rows, types)}
          duration={Math.max(desk.bounds?.toSeconds ?? 0, playhead ?? 0)}
          currentTime={playhead ?? 0}
          label={t('markers.ui.timeline')}
          pointLabel={pointLabel}
          onSeek={desk.clock.seek}
          onMove={(id, timeSeconds) => actions.update.mutate({ id, timeSeconds })}
          onDelete={(id) => actions.remove.mutate(id)}
          selectedId={selectedId}
          onSelect={setSelectedId}
          step={MARKER_MOVE_STEP_SECONDS}
          bigStep={MARKER_MOVE_BIG_STEP_SECONDS}
        />
        <KeyLegend keyed={keyed} />
        <ScrollArea.Autosize mah={240} type="auto">
          <MarkerList
            markers={rows}
            types={types}
            selectedId={selectedId}
            onSelect={select}
            onChange={(id, change) => actions.update.mutate({ id, ...change })}
            onDelete={(id) => actions.remove.mutate(id)}
          />
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
