import { Anchor, Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type SportMap as FieldMap, type MapZone, SPORT_MAP_LIMITS } from '@regie/contract/sport-maps';
import { IconPlus } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t.ts';
import { ImageUploadField } from '../../widgets/ImageUploadField.tsx';

/** The zones of a field map as a table: a click on a name selects the zone. */
export function ZonesSection({
  zones,
  selected,
  onSelect,
  onAdd,
  markerTypeName,
}: {
  zones: readonly MapZone[];
  selected: number | null;
  onSelect: (index: number) => void;
  /** Null when the user may not change the map. */
  onAdd: (() => void) | null;
  markerTypeName: (id: number | null) => string;
}) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('sportMap.zones')}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t('sportMap.zones')}
        </Title>
        {onAdd && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={zones.length >= SPORT_MAP_LIMITS.maxZones}
            onClick={onAdd}
          >
            {t('sportMap.addZone')}
          </Button>
        )}
      </Group>
      {zones.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sportMap.noZones')}
        </Text>
      ) : (
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sportMap.zoneName')}</Table.Th>
              <Table.Th>{t('sportMap.zoneColor')}</Table.Th>
              <Table.Th>{t('sportMap.zoneMarkerType')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {zones.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: zones have no id; names may be edited.
              <Table.Tr key={index} bg={index === selected ? 'var(--mantine-color-blue-light)' : undefined}>
                <Table.Td>
                  <Anchor component="button" type="button" size="sm" onClick={() => onSelect(index)}>
                    {item.name || '—'}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <span
                      aria-hidden
                      style={{
                        width: 14,
                        height: 14,
                        borderRadius: 3,
                        background: item.color,
                        display: 'inline-block',
                      }}
                    />
                    <Text size="sm">{item.color}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>{markerTypeName(item.markerTypeId)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The field's size and background picture. */
export function FieldSection({
  map,
  canWrite,
  onChange,
}: {
  map: FieldMap;
  canWrite: boolean;
  onChange: (next: Partial<FieldMap>) => void;
}) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('sportMap.field')}>
      <Title order={3} size="h5" mb="sm">
        {t('sportMap.field')}
      </Title>
      <Stack gap="sm">
        <Group grow>
          <NumberInput
            label={t('sportMap.length')}
            value={map.lengthMeters}
            min={1}
            max={SPORT_MAP_LIMITS.maxMeters}
            readOnly={!canWrite}
            onChange={(value) => typeof value === 'number' && onChange({ lengthMeters: value })}
          />
          <NumberInput
            label={t('sportMap.width')}
            value={map.widthMeters}
            min={1}
            max={SPORT_MAP_LIMITS.maxMeters}
            readOnly={!canWrite}
            onChange={(value) => typeof value === 'number' && onChange({ widthMeters: value })}
          />
        </Group>
        <ImageUploadField
          label={t('sportMap.background')}
          value={map.background}
          onChange={(value) => onChange({ background: value })}
          kind="picture"
          disabled={!canWrite}
        />
      </Stack>
    </Paper>
  );
}
