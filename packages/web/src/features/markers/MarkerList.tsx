import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { MarkerRecord } from '@regie/contract/markers';
import { MARKER_LABEL_MAX } from '@regie/contract/resources/events';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useT } from '../../i18n/use-t.ts';
import { MarkerTypeIcon } from './MarkerTypeIcon.tsx';
import type { MarkerTypeView } from './marker-calls.ts';
import { UNTYPED_COLOR } from './marker-points.ts';
import { formatMarkerTime } from './marker-time.ts';

type MarkerChange = Partial<Pick<MarkerRecord, 'label' | 'markerTypeId' | 'durationSeconds'>>;

interface Props {
  markers: readonly MarkerRecord[];
  types: readonly MarkerTypeView[];
  selectedId: number | null;
  onSelect: (marker: MarkerRecord) => void;
  onChange: (id: number, change: MarkerChange) => void;
  onDelete: (id: number) => void;
}

/** The event's markers beside the timeline: time (seeks), type, label, duration, delete. */
export function MarkerList({ markers, types, selectedId, onSelect, onChange, onDelete }: Props) {
  const t = useT();
  if (markers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('markers.ui.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('markers.ui.listLabel')}>
      {markers.map((marker) => (
        <MarkerRow
          key={marker.id}
          marker={marker}
          types={types}
          selected={selectedId === marker.id}
          onSelect={() => onSelect(marker)}
          onChange={(change) => onChange(marker.id, change)}
          onDelete={() => onDelete(marker.id)}
        />
      ))}
    </Stack>
  );
}

interface RowProps {
  marker: MarkerRecord;
  types: readonly MarkerTypeView[];
  selected: boolean;
  onSelect: () => void;
  onChange: (change: MarkerChange) => void;
  onDelete: () => void;
}

/** One marker: its time (selects it and seeks), its type, delete, then its label and duration. */
function MarkerRow({ marker, types, selected, onSelect, onChange, onDelete }: RowProps) {
  const t = useT();
  const { i18n } = useTranslation();
  const type = types.find((candidate) => candidate.id === marker.markerTypeId);
  const time = formatMarkerTime(marker.timeSeconds, i18n.language);
  const name = marker.label || type?.name || t('markers.ui.untitled');
  return (
    <Stack
      gap={6}
      component="li"
      p="xs"
      data-testid={`marker-row-${marker.id}`}
      style={{
        borderLeft: `4px solid ${type?.color ?? UNTYPED_COLOR}`,
        borderRadius: 6,
        background: selected ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Button
          size="compact-sm"
          variant={selected ? 'filled' : 'light'}
          onClick={onSelect}
          aria-label={t('markers.ui.goTo', { name, time })}
        >
          {time}
        </Button>
        <MarkerTypeIcon type={type} />
        <Select
          size="xs"
          aria-label={t('markers.ui.type')}
          placeholder={t('markers.ui.noType')}
          data={types.map((option) => ({ value: String(option.id), label: option.name }))}
          value={marker.markerTypeId === null ? null : String(marker.markerTypeId)}
          onChange={(value) => onChange({ markerTypeId: value === null ? null : Number(value) })}
          clearable
          style={{ flex: 1 }}
        />
        <ActionIcon
          variant="subtle"
          color="red.8"
          onClick={onDelete}
          aria-label={t('markers.ui.delete', { name, time })}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <MarkerFields marker={marker} onChange={onChange} />
    </Stack>
  );
}

/** The marker's label and duration, typed freely and sent on blur (Enter in the label blurs it). */
function MarkerFields({ marker, onChange }: { marker: MarkerRecord; onChange: (change: MarkerChange) => void }) {
  const t = useT();
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        key={`label-${marker.label}`}
        size="xs"
        label={t('markers.ui.label')}
        defaultValue={marker.label}
        maxLength={MARKER_LABEL_MAX}
        style={{ flex: 1 }}
        onBlur={(event) => {
          const label = event.currentTarget.value.trim();
          if (label !== marker.label) onChange({ label });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
      />
      <NumberInput
        key={`duration-${marker.durationSeconds}`}
        size="xs"
        label={t('markers.ui.duration')}
        defaultValue={marker.durationSeconds ?? ''}
        min={0}
        step={0.1}
        decimalScale={1}
        w={110}
        onBlur={(event) => {
          const text = event.currentTarget.value.replace(',', '.').trim();
          const value = text === '' ? null : Number(text);
          if (value !== null && !(Number.isFinite(value) && value >= 0)) return;
          if (value !== marker.durationSeconds) onChange({ durationSeconds: value });
        }}
      />
    </Group>
  );
}
