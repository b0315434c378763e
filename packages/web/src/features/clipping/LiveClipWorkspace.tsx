import { Alert, Card, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { MarkerRecord } from '@regie/contract/markers';
import { markersResource } from '@regie/contract/resources/events';
import { mayUseResource } from '@regie/contract/resources/permissions';
import { useState } from 'react';
import { errorMessage } from '../../api/action.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { ProgramPanel } from '../live/ProgramPanel.tsx';
import { LiveMarkerFeedback, LiveMarkerTicks } from '../markers/LiveMarkerStrip.tsx';
import { type MarkerTypeView, useEventMarkers, useMarkerTypes } from '../markers/marker-calls.ts';
import { ClipControls } from './ClipControls.tsx';
import { ClipQueue } from './ClipQueue.tsx';
import { useLiveClip } from './clipping-calls.ts';
import { useClipWorkspace } from './use-clip-workspace.ts';
import type { LiveDesk } from './use-live-desk.ts';
import { WorkspaceKeys } from './WorkspaceKeys.tsx';

/**
 * The program of a live with its DVR player, whose frame the in / out points and markers take;
 * for an event, its markers as ticks on the DVR window and what the last marker keys made.
 */
export function LiveProgramCard({
  desk,
  noProgram = 'clipping.ui.noProgram',
}: {
  desk: LiveDesk;
  /** What a user who may not play the program is told. */
  noProgram?: MessageKey;
}) {
  const t = useT();
  const readsMarkers = mayUseResource(useAccessSubject(), markersResource, 'read');
  // A live event's markers: what the keys made above the player, ticks on its DVR under it.
  const marking = desk.content.kind === 'events' && readsMarkers && desk.live;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="live-desk-program-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="live-desk-program-title">
          {t('live.program.title')}
        </Title>
        {marking && <LiveMarkerFeedback desk={desk} eventId={desk.content.id} />}
        {desk.seesProgram ? (
          <ProgramPanel
            live={desk.live}
            program={desk.program.data ?? null}
            hasCameras={desk.hasCameras}
            playerRef={desk.playerRef}
          />
        ) : (
          <Text c="dimmed" size="sm">
            {t(noProgram)}
          </Text>
        )}
        {marking && <LiveMarkerTicks desk={desk} eventId={desk.content.id} />}
      </Stack>
    </Card>
  );
}

/**
 * Cutting a live event: in / out at the program player's frame (I, O) or typed, in seconds from
 * the live's start inside its DVR window, or around a marker with an offset; template, skin and
 * graphics as for a replay (ClipControls). Each cut is queued: its instant copy plays at once.
 */
export function LiveCutPanel({
  desk,
  eventId,
  markers,
  types,
}: {
  desk: LiveDesk;
  eventId: number;
  markers: readonly MarkerRecord[];
  types: readonly MarkerTypeView[];
}) {
  const t = useT();
  const liveClip = useLiveClip({ kind: 'events', id: eventId });
  const workspace = useClipWorkspace({ eventId, videoId: null, markers }, desk.clock, {
    duration: null,
    live: desk.bounds,
    cut: liveClip,
  });
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="live-cut-title">
      <Title order={2} size="h5" id="live-cut-title" mb="sm">
        {t('clipping.ui.cutLiveTitle')}
      </Title>
      {!desk.live ? (
        <Text c="dimmed" size="sm">
          {t('clipping.ui.notLive')}
        </Text>
      ) : desk.window.isError ? (
        <Alert color="yellow" role="status">
          {errorMessage(desk.window.error, t)}
        </Alert>
      ) : (
        <ClipControls workspace={workspace} markers={markers} types={types} />
      )}
    </Paper>
  );
}

/** The event's clip tab while it is live: the program, the cut and the queue of its clips. */
export function LiveClipWorkspace({ eventId, desk }: { eventId: number; desk: LiveDesk }) {
  const markers = useEventMarkers(eventId);
  const { types } = useMarkerTypes(eventId);
  const [playing, setPlaying] = useState<number | null>(null);
  return (
    <Stack gap="lg">
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <LiveProgramCard desk={desk} />
            <WorkspaceKeys />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <LiveCutPanel desk={desk} eventId={eventId} markers={markers.data ?? []} types={types} />
        </Grid.Col>
      </Grid>
      <ClipQueue
        eventId={eventId}
        videoId={null}
        playing={playing}
        onPlay={(id) => setPlaying(playing === id ? null : id)}
      />
    </Stack>
  );
}
