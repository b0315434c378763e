import { Grid, Paper, Stack, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { VideoPlayer } from '../../widgets/player/VideoPlayer.tsx';
import { Timeline } from '../../widgets/timeline/Timeline.tsx';
import { useMediaTime } from '../../widgets/timeline/use-media-time.ts';
import { snapToStep } from '../clips/clip-range.ts';
import { useEventMarkers, useMarkerTypes } from '../markers/marker-calls.ts';
import { markerPoints } from '../markers/marker-points.ts';
import type { PlayableReplay } from '../markers/ReplayGate.tsx';
import { useMarkerPointLabel } from '../markers/use-point-label.ts';
import { ClipControls } from './ClipControls.tsx';
import { ClipQueue } from './ClipQueue.tsx';
import { useRangeClip } from './clipping-calls.ts';
import { useClipWorkspace } from './use-clip-workspace.ts';
import { WorkspaceKeys } from './WorkspaceKeys.tsx';

/**
 * The clip workspace of one event (its clip tab, /clipping/event): the replay with its markers on
 * a timeline, a clip from the selected marker with an offset or from an in / out range, a
 * template or skin, and the queue of the event's clips with their live progress and a player.
 * Keyboard first: the keys are listed on screen (contract CLIP_WORKSPACE_KEYS).
 */
export function ClipWorkspace({ eventId, video }: { eventId: number; video: PlayableReplay }) {
  const t = useT();
  const media = useRef<HTMLVideoElement | null>(null);
  const clock = useMediaTime(media, video.id);
  const markers = useEventMarkers(eventId);
  const { types } = useMarkerTypes();
  const rows = markers.data ?? [];
  const rangeClip = useRangeClip(eventId, video.id);
  const workspace = useClipWorkspace(
    { eventId, videoId: video.id, markers: rows },
    {
      playhead: () => snapToStep(media.current?.currentTime ?? 0),
      seek: (seconds) => {
        if (media.current) media.current.currentTime = seconds;
      },
    },
    { duration: video.duration, live: null, cut: rangeClip },
  );
  const [playing, setPlaying] = useState<number | null>(null);
  const pointLabel = useMarkerPointLabel();

  return (
    <Stack gap="lg">
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <VideoPlayer key={video.id} playback={video.playback} title={video.title} mediaRef={media} />
            <Timeline
              points={markerPoints(rows, types)}
              duration={clock.duration || video.duration || 0}
              currentTime={clock.currentTime}
              label={t('markers.ui.timeline')}
              pointLabel={pointLabel}
              onSeek={clock.seek}
              selectedId={workspace.selectedId}
              onSelect={(id) => workspace.select(rows.find((marker) => marker.id === id) ?? null)}
              step={0}
              bigStep={0}
            />
            <WorkspaceKeys />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="clip-controls-title">
            <Title order={2} size="h5" id="clip-controls-title" mb="sm">
              {t('clipping.ui.cutTitle')}
            </Title>
            <ClipControls workspace={workspace} markers={rows} types={types} />
          </Paper>
        </Grid.Col>
      </Grid>
      <ClipQueue
        eventId={eventId}
        videoId={video.id}
        playing={playing}
        onPlay={(id) => setPlaying(playing === id ? null : id)}
      />
    </Stack>
  );
}
