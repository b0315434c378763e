import { Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { MARKER_MOVE_BIG_STEP_SECONDS, MARKER_MOVE_STEP_SECONDS, type MarkerRecord } from '@regie/contract/markers';
import { useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { VideoPlayer } from '../../widgets/player/VideoPlayer.tsx';
import { Timeline } from '../../widgets/timeline/Timeline.tsx';
import { snapTime } from '../../widgets/timeline/timeline-math.ts';
import { useMediaTime } from '../../widgets/timeline/use-media-time.ts';
import { useLiveDesk } from '../clipping/use-live-desk.ts';
import { MatchClockPanel } from '../match/MatchClockPanel.tsx';
import { KeyLegend } from './KeyLegend.tsx';
import { LiveMarkersEditor } from './LiveMarkersEditor.tsx';
import { MarkerFeedback } from './MarkerFeedback.tsx';
import { MarkerList } from './MarkerList.tsx';
import { useEventMarkers, useMarkerActions, useMarkerTypes } from './marker-calls.ts';
import { markerPoints } from './marker-points.ts';
import { type PlayableReplay, ReplayGate } from './ReplayGate.tsx';
import { useMarkerTypeKeys } from './use-marker-keys.ts';
import { useMarkerPointLabel } from './use-point-label.ts';

/**
 * The event's markers tab: its replay in the player, the markers on a timeline under it (drag or
 * ← → to move, Delete to remove), one key per marker type to drop a marker at the playhead, and
 * the markers' list to edit them. Every open editor of the event follows the others live.
 */
export function MarkersTab({ eventId }: { eventId: number }) {
  const desk = useLiveDesk({ kind: 'events', id: eventId });
  if (desk.lifecycle.isLoading) return <Skeleton h={320} />;
  // While on air, markers are dropped on the live's DVR; after, on the replay.
  if (desk.live) return <LiveMarkersEditor eventId={eventId} desk={desk} />;
  return <ReplayGate eventId={eventId}>{(video) => <MarkersEditor eventId={eventId} video={video} />}</ReplayGate>;
}

function MarkersEditor({ eventId, video }: { eventId: number; video: PlayableReplay }) {
  const t = useT();
  const media = useRef<HTMLVideoElement | null>(null);
  const clock = useMediaTime(media, video.id);
  const markers = useEventMarkers(eventId);
  const { types } = useMarkerTypes(eventId);
  const actions = useMarkerActions(eventId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const duration = clock.duration || video.duration || 0;

  const keyed = useMarkerTypeKeys(types, (type) => {
    const time = snapTime(media.current?.currentTime ?? clock.currentTime);
    actions.create.mutate({ markerTypeId: type.id, timeSeconds: time });
  });
  const rows = markers.data ?? [];
  const pointLabel = useMarkerPointLabel();
  const select = (marker: MarkerRecord) => {
    setSelectedId(marker.id);
    clock.seek(marker.timeSeconds);
  };

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="sm">
          <VideoPlayer key={video.id} playback={video.playback} title={video.title} mediaRef={media} />
          <MarkerFeedback eventId={eventId} types={types} />
          <Timeline
            points={markerPoints(rows, types)}
            duration={duration}
            currentTime={clock.currentTime}
            label={t('markers.ui.timeline')}
            pointLabel={pointLabel}
            onSeek={clock.seek}
            onMove={(id, timeSeconds) => actions.update.mutate({ id, timeSeconds })}
            onDelete={(id) => actions.remove.mutate(id)}
            selectedId={selectedId}
            onSelect={setSelectedId}
            step={MARKER_MOVE_STEP_SECONDS}
            bigStep={MARKER_MOVE_BIG_STEP_SECONDS}
          />
          <KeyLegend keyed={keyed} />
          <MatchClockPanel eventId={eventId} media={media} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="markers-list-title">
          <Title order={2} size="h5" id="markers-list-title" mb="sm">
            {t('markers.ui.listTitle', { count: rows.length })}
          </Title>
          <MarkerList
            markers={rows}
            types={types}
            selectedId={selectedId}
            onSelect={select}
            onChange={(id, change) => actions.update.mutate({ id, ...change })}
            onDelete={(id) => actions.remove.mutate(id)}
          />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
