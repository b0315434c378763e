import { Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import type { MapZone } from '@regie/contract/sport-maps';
import { SPORT_MAP_LIMITS } from '@regie/contract/sport-maps';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ColorField } from '../../widgets/ColorField.tsx';
import { formatPoints, parsePoints } from './sport-map-geometry.ts';

interface Props {
  zone: MapZone;
  markerTypes: readonly { value: string; label: string }[];
  readOnly: boolean;
  onChange: (zone: MapZone) => void;
  onDelete: () => void;
}

/** The selected zone's name, colour, marker type and points, typed: the keyboard's way to draw. */
export function ZoneForm({ zone, markerTypes, readOnly, onChange, onDelete }: Props) {
  const t = useT();
  const [pointsText, setPointsText] = useState(formatPoints(zone.points));
  // Another zone selected, or the zone redrawn: show its points.
  useEffect(() => setPointsText(formatPoints(zone.points)), [zone.points]);
  const parsed = parsePoints(pointsText);
  const pointsError =
    parsed === null
      ? t('sportMap.pointsFormat')
      : parsed.length < SPORT_MAP_LIMITS.minPoints
        ? t('sportMap.pointsTooFew', { count: SPORT_MAP_LIMITS.minPoints })
        : parsed.some(([x, y]) => x < 0 || x > 1 || y < 0 || y > 1)
          ? t('sportMap.pointsRange')
          : null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('sportMap.zoneForm')}>
      <Title order={3} size="h5" mb="sm">
        {t('sportMap.zoneForm')}
      </Title>
      <Stack gap="sm">
        <TextInput
          label={t('sportMap.zoneName')}
          value={zone.name}
          maxLength={SPORT_MAP_LIMITS.zoneNameMax}
          required
          readOnly={readOnly}
          error={zone.name.trim() === '' ? t('sportMap.nameRequired') : undefined}
          onChange={(event) => onChange({ ...zone, name: event.currentTarget.value })}
        />
        <ColorField
          label={t('sportMap.zoneColor')}
          value={zone.color}
          readOnly={readOnly}
          onChange={(color) => /^#[0-9A-Fa-f]{6}$/.test(color) && onChange({ ...zone, color: color.toUpperCase() })}
        />
        <Select
          label={t('sportMap.zoneMarkerType')}
          placeholder={t('sportMap.noMarkerType')}
          data={[...markerTypes]}
          value={zone.markerTypeId === null ? null : String(zone.markerTypeId)}
          readOnly={readOnly}
          clearable
          onChange={(value) => onChange({ ...zone, markerTypeId: value ? Number(value) : null })}
        />
        <TextInput
          label={t('sportMap.zonePoints')}
          description={t('sportMap.zonePointsHint')}
          value={pointsText}
          readOnly={readOnly}
          error={pointsError}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setPointsText(text);
            const points = parsePoints(text);
            if (points && points.length >= SPORT_MAP_LIMITS.minPoints) onChange({ ...zone, points });
          }}
        />
        {!readOnly && (
          <Group>
            <Button variant="light" color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
              {t('sportMap.deleteZone')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
