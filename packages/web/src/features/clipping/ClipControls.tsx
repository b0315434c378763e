import { Button, Grid, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { CLIP_MAX_SECONDS } from '@regie/contract/clips';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { MarkerRecord } from '@regie/contract/markers';
import { IconArrowBarToLeft, IconArrowBarToRight, IconScissors } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { formatClock } from '../../widgets/player/time-format.ts';
import { rangeErrors } from '../clips/clip-range.ts';
import { InOutFields } from '../clips/InOutFields.tsx';
import { GraphicPicker } from '../graphics/GraphicPicker.tsx';
import type { MarkerTypeView } from '../markers/marker-calls.ts';
import { formatMarkerTime } from '../markers/marker-time.ts';
import type { ClipWorkspaceState } from './use-clip-workspace.ts';

interface Props {
  workspace: ClipWorkspaceState;
  markers: readonly MarkerRecord[];
  types: readonly MarkerTypeView[];
}

const choices = (records: readonly ResourceRecord[]) =>
  records.map((record) => ({ value: String(record.id), label: String(record.name) }));

/** The cut's choices: the marker and its offset, the in / out range, the template and skin, the two cuts. */
export function ClipControls({ workspace, markers, types }: Props) {
  const time = useClipTime();
  return (
    <Stack gap="sm">
      <MarkerChoice workspace={workspace} markers={markers} types={types} time={time} />
      <LookChoice workspace={workspace} />
      <CutButtons workspace={workspace} time={time} />
    </Stack>
  );
}

type Time = (seconds: number | null) => string;

/** Times shown in the user's locale; a dash where no time is set yet. */
function useClipTime(): Time {
  const { i18n } = useTranslation();
  return (seconds) => (seconds === null ? '–' : formatMarkerTime(seconds, i18n.language));
}

/** The marker to cut around and the offset on each side of it. */
function MarkerChoice({ workspace, markers, types, time }: Props & { time: Time }) {
  const t = useT();
  const markerName = (marker: MarkerRecord) =>
    `${time(marker.timeSeconds)} ${marker.label || types.find((type) => type.id === marker.markerTypeId)?.name || t('markers.ui.untitled')}`;
  return (
    <>
      <Select
        label={t('clipping.ui.marker')}
        placeholder={t('clipping.ui.pickMarker')}
        data={markers.map((marker) => ({ value: String(marker.id), label: markerName(marker) }))}
        value={workspace.selectedId === null ? null : String(workspace.selectedId)}
        onChange={(value) => workspace.select(markers.find((marker) => String(marker.id) === value) ?? null)}
        searchable
        nothingFoundMessage={t('markers.ui.empty')}
      />
      <NumberInput
        label={t('clipping.ui.offset')}
        description={t('clipping.ui.offsetHint')}
        placeholder={String(workspace.offset.placeholder)}
        value={workspace.offset.value ?? ''}
        onChange={(value) => workspace.offset.set(typeof value === 'number' ? value : null)}
        min={0}
        max={CLIP_MAX_SECONDS}
        step={1}
        decimalScale={2}
      />
    </>
  );
}

/** How the clip looks: its template, skin and the event's graphics. */
function LookChoice({ workspace }: { workspace: ClipWorkspaceState }) {
  const t = useT();
  return (
    <>
      <Select
        label={t('clips.ui.template')}
        placeholder={t('clips.ui.noTemplate')}
        data={choices(workspace.template.options)}
        value={workspace.template.value}
        onChange={workspace.template.set}
        clearable
      />
      <Select
        label={t('clips.ui.skin')}
        placeholder={t('clips.ui.noSkin')}
        data={choices(workspace.skin.options)}
        value={workspace.skin.value}
        onChange={workspace.skin.set}
        clearable
        disabled={workspace.skin.failed}
      />
      <GraphicPicker
        eventId={workspace.graphics.eventId}
        value={workspace.graphics.value}
        onChange={workspace.graphics.set}
      />
    </>
  );
}

/**
 * A live's in and out points, typed (seconds from the live's start) or taken from the player,
 * checked against its DVR window as they change.
 */
function LiveRangeFields({ workspace }: { workspace: ClipWorkspaceState }) {
  const t = useT();
  const { range } = workspace;
  const live = range.live;
  if (!live) return null;
  const errors = rangeErrors(range.inSeconds, range.outSeconds, null, live);
  // A point not set yet is no error: the cut button waits for it.
  const shown = (key: MessageKey | undefined) =>
    key === undefined || key === 'clips.ui.inRequired' || key === 'clips.ui.outRequired' ? undefined : t(key);
  const windowText = t('clipping.ui.liveWindow', {
    from: formatClock(live.fromSeconds),
    to: formatClock(live.toSeconds),
  });
  return (
    <Grid gap="xs">
      <InOutFields
        inPoint={{ value: range.inSeconds, set: range.setIn, error: shown(errors.in) }}
        outPoint={{ value: range.outSeconds, set: range.setOut, error: shown(errors.out) }}
        duration={null}
        inHint={windowText}
        outHint={t('clipping.ui.liveKeys')}
        playhead={workspace.playhead}
      />
    </Grid>
  );
}

/** The in and out buttons at the playhead, and the range they set. */
function ReplayRangeButtons({ workspace, time }: { workspace: ClipWorkspaceState; time: Time }) {
  const t = useT();
  const { range } = workspace;
  return (
    <>
      <Group gap="xs" grow>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowBarToRight size={14} aria-hidden />}
          onClick={workspace.commands.setIn}
          aria-keyshortcuts="I"
        >
          {t('clipping.ui.setIn')}
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowBarToLeft size={14} aria-hidden />}
          onClick={workspace.commands.setOut}
          aria-keyshortcuts="O"
        >
          {t('clipping.ui.setOut')}
        </Button>
      </Group>
      <Text size="sm" data-testid="clip-range" aria-live="polite">
        {t('clipping.ui.range', { in: time(range.inSeconds), out: time(range.outSeconds) })}
      </Text>
    </>
  );
}

/** The two cuts: around the chosen marker, or between the in and out points set on the player. */
function CutButtons({ workspace, time }: { workspace: ClipWorkspaceState; time: Time }) {
  const t = useT();
  const { range } = workspace;
  return (
    <>
      <Button
        leftSection={<IconScissors size={16} aria-hidden />}
        onClick={workspace.commands.cutMarker}
        disabled={workspace.selectedId === null}
        loading={workspace.busy}
        aria-keyshortcuts="X"
      >
        {t('clipping.ui.cutMarker')}
      </Button>
      {range.live ? (
        <LiveRangeFields workspace={workspace} />
      ) : (
        <ReplayRangeButtons workspace={workspace} time={time} />
      )}
      <Button
        variant="light"
        leftSection={<IconScissors size={16} aria-hidden />}
        onClick={workspace.commands.cutRange}
        disabled={!range.ready}
        loading={workspace.busy}
        aria-keyshortcuts="R"
      >
        {t('clipping.ui.cutRange')}
      </Button>
    </>
  );
}
