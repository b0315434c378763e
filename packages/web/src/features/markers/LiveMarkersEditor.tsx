import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { MarkerRecord } from '@regie/contract/markers';
import { useT } from '../../i18n/use-t.ts';
import { snapTime } from '../../widgets/timeline/timeline-math.ts';
import { LiveProgramCard } from '../clipping/LiveClipWorkspace.tsx';
import type { LiveDesk } from '../clipping/use-live-desk.ts';
import { KeyLegend } from './KeyLegend.tsx';
import { MarkerList } from './MarkerList.tsx';
import { useEventMarkers, useMarkerActions, useMarkerTypes } from './marker-calls.ts';
import { useMarkerTypeKeys } from './use-marker-keys.ts';

/**
 * The markers tab while the event is live: the program with its DVR (its markers as ticks, what
 * each key made beside it), one key per marker type of the event's sport dropping a marker at
 * the program's frame (its second from the live's start, as the replay counts it), and the list.
 */
export function LiveMarkersEditor({ eventId, desk }: { eventId: number; desk: LiveDesk }) {
  const t = useT();
  const markers = useEventMarkers(eventId);
  const { types } = useMarkerTypes(eventId);
  const actions = useMarkerActions(eventId);
  const keyed = useMarkerTypeKeys(types, (type) => {
    const at = desk.clock.playhead();
    if (at !== null) actions.create.mutate({ markerTypeId: type.id, timeSeconds: snapTime(at) });
  });
  const rows = markers.data ?? [];
  const select = (marker: MarkerRecord) => desk.clock.seek(marker.timeSeconds);
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="sm">
          <LiveProgramCard desk={desk} noProgram="markers.ui.liveNoProgram" />
          <Text size="sm" c="dimmed">
            {t('markers.ui.liveHint')}
          </Text>
          <KeyLegend keyed={keyed} />
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
            selectedId={null}
            onSelect={select}
            onChange={(id, change) => actions.update.mutate({ id, ...change })}
            onDelete={(id) => actions.remove.mutate(id)}
          />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
