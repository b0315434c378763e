import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { sportsResource } from '@regie/contract/resources/sports';
import { fillPath } from '@regie/contract/routes';
import {
  type SportMap as FieldMap,
  type MapPoint,
  type MapZone,
  SPORT_MAP_LIMITS,
  type SportMapResponse,
  sportMapPath,
} from '@regie/contract/sport-maps';
import { IconArrowBackUp, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { sportKeys } from '../../api/query-keys.ts';
import { recordLabel, referenceLocation, useResourceOptions, useResourceRecord } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import type { AnyResource } from '../../resources/any-resource.ts';
import { UnsavedChangesGuard } from '../../resources/UnsavedChangesGuard.tsx';
import { ImageUploadField } from '../../widgets/ImageUploadField.tsx';
import { useImageUrl } from '../../widgets/image-url.ts';
import { SportMapCanvas } from './SportMapCanvas.tsx';
import { aspectRatio, nextZoneName } from './sport-map-geometry.ts';
import { ZoneForm } from './ZoneForm.tsx';

const MARKER_TYPES = referenceLocation('marker-types');
/** A new map: a football-sized field without zones. */
const EMPTY_MAP: FieldMap = { background: null, lengthMeters: 105, widthMeters: 68, zones: [] };
const ZONE_COLORS = ['#1565C0', '#C62828', '#F9A825', '#2E7D32', '#6A1B9A', '#EF6C00'];
/** Where 'Add zone' puts a zone before the user moves it: the middle of the field. */
const MIDDLE: MapPoint[] = [
  [0.25, 0.25],
  [0.75, 0.25],
  [0.75, 0.75],
  [0.25, 0.75],
];

/**
 * /account/sports/map/:sportId: the field markers are placed on. The background and the zones
 * drawn over it, zones drawn by dragging or typed in the form, saved together.
 */
export function SportMap() {
  const t = useT();
  const client = useApi();
  const queryClient = useQueryClient();
  const imageUrl = useImageUrl();
  const sportId = Number(useParams().sportId);
  const sport = useResourceRecord(sportsResource as AnyResource, String(sportId));
  const key = sportKeys.map(sportId);
  const stored = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => client.get<SportMapResponse>(sportMapPath(sportId), undefined, { signal }),
  });
  const markerTypes = useResourceOptions(MARKER_TYPES, '', { limit: 100 });
  const [draft, setDraft] = useState<FieldMap | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const bypass = useRef(false);
  const saved = stored.data ? (stored.data.map ?? EMPTY_MAP) : null;
  // The stored map (again after a save) is what the user edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `saved` is derived anew each render; the answer is the trigger.
  useEffect(() => {
    if (saved) setDraft(structuredClone(saved));
  }, [stored.data]);
  const save = useAction((map: FieldMap) => client.put<SportMapResponse>(sportMapPath(sportId), map), {
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });

  const name = String(sport.data?.name ?? `#${sportId}`);
  const canWrite = stored.data?.canWrite ?? false;
  const dirty = draft !== null && saved !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const change = (next: Partial<FieldMap>) => setDraft((current) => (current ? { ...current, ...next } : current));
  const addZone = (points: MapPoint[]) => {
    if (!draft || draft.zones.length >= SPORT_MAP_LIMITS.maxZones) return;
    const zone: MapZone = {
      name: nextZoneName(draft.zones, t('sportMap.zoneDefaultName')),
      color: ZONE_COLORS[draft.zones.length % ZONE_COLORS.length] ?? '#1565C0',
      markerTypeId: null,
      points,
    };
    change({ zones: [...draft.zones, zone] });
    setSelected(draft.zones.length);
  };
  const markerTypeOptions = (markerTypes.data?.data ?? [])
    .filter((type) => type.sportId === null || type.sportId === sportId)
    .map((type) => ({ value: String(type.id), label: recordLabel(type) }));
  const markerTypeName = (id: number | null) =>
    id === null ? '—' : (markerTypeOptions.find((option) => option.value === String(id))?.label ?? `#${id}`);
  const backgroundUrl = draft?.background ? imageUrl(draft.background) : (stored.data?.defaultBackgroundUrl ?? null);
  const zone = draft && selected !== null ? draft.zones[selected] : undefined;

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to={fillPath('/account/sports/edit/:id', { id: sportId })} size="sm">
        {t('sportMap.back', { name })}
      </Anchor>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>{t('sportMap.title', { name })}</Title>
          {draft && <Badge variant="light">{draft.zones.length}</Badge>}
        </Group>
        {canWrite && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              disabled={!dirty || save.isPending}
              onClick={() => {
                // Back to the stored map (spec §4 "form reset").
                if (saved) setDraft(structuredClone(saved));
                setSelected(null);
              }}
            >
              {t('resource.common.reset')}
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              disabled={!dirty}
              loading={save.isPending}
              onClick={() => draft && save.mutate(draft, { onError: () => undefined })}
            >
              {t('sportMap.save')}
            </Button>
          </Group>
        )}
      </Group>
      {stored.isError ? (
        <Alert color="red" variant="light" title={t('resource.common.loadFailed')}>
          <Text size="sm">{stored.error.message}</Text>
        </Alert>
      ) : !draft ? (
        <Skeleton h={360} radius="md" />
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              <SportMapCanvas
                backgroundUrl={backgroundUrl}
                ratio={aspectRatio(draft.lengthMeters, draft.widthMeters)}
                zones={draft.zones}
                selected={selected}
                onSelect={setSelected}
                onDraw={canWrite ? addZone : null}
              />
              <Text size="sm" c="dimmed">
                {canWrite ? t('sportMap.drawHint') : t('sportMap.readOnly')}
              </Text>
              <Paper withBorder radius="md" p="md" component="section" aria-label={t('sportMap.zones')}>
                <Group justify="space-between" mb="xs">
                  <Title order={3} size="h5">
                    {t('sportMap.zones')}
                  </Title>
                  {canWrite && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      disabled={draft.zones.length >= SPORT_MAP_LIMITS.maxZones}
                      onClick={() => addZone(MIDDLE)}
                    >
                      {t('sportMap.addZone')}
                    </Button>
                  )}
                </Group>
                {draft.zones.length === 0 ? (
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
                      {draft.zones.map((item, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: zones have no id; names may be edited.
                        <Table.Tr key={index} bg={index === selected ? 'var(--mantine-color-blue-light)' : undefined}>
                          <Table.Td>
                            <Anchor component="button" type="button" size="sm" onClick={() => setSelected(index)}>
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
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <Paper withBorder radius="md" p="md" component="section" aria-label={t('sportMap.field')}>
                <Title order={3} size="h5" mb="sm">
                  {t('sportMap.field')}
                </Title>
                <Stack gap="sm">
                  <Group grow>
                    <NumberInput
                      label={t('sportMap.length')}
                      value={draft.lengthMeters}
                      min={1}
                      max={SPORT_MAP_LIMITS.maxMeters}
                      readOnly={!canWrite}
                      onChange={(value) => typeof value === 'number' && change({ lengthMeters: value })}
                    />
                    <NumberInput
                      label={t('sportMap.width')}
                      value={draft.widthMeters}
                      min={1}
                      max={SPORT_MAP_LIMITS.maxMeters}
                      readOnly={!canWrite}
                      onChange={(value) => typeof value === 'number' && change({ widthMeters: value })}
                    />
                  </Group>
                  <ImageUploadField
                    label={t('sportMap.background')}
                    value={draft.background}
                    onChange={(value) => change({ background: value })}
                    kind="picture"
                    disabled={!canWrite}
                  />
                </Stack>
              </Paper>
              {zone && selected !== null && (
                <ZoneForm
                  zone={zone}
                  markerTypes={markerTypeOptions}
                  readOnly={!canWrite}
                  onChange={(next) =>
                    change({ zones: draft.zones.map((item, index) => (index === selected ? next : item)) })
                  }
                  onDelete={() => {
                    change({ zones: draft.zones.filter((_, index) => index !== selected) });
                    setSelected(null);
                  }}
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      <UnsavedChangesGuard when={dirty && !save.isPending} bypass={bypass} />
    </Stack>
  );
}
