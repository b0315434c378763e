import { Alert, Anchor, Badge, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
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
import { IconArrowBackUp, IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { sportKeys } from '../../api/query-keys.ts';
import { recordLabel, referenceLocation, useResourceOptions, useResourceRecord } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import { UnsavedChangesGuard } from '../../resources/UnsavedChangesGuard.tsx';
import { useImageUrl } from '../../widgets/image-url.ts';
import { SportMapCanvas } from './SportMapCanvas.tsx';
import { FieldSection, ZonesSection } from './SportMapPanels.tsx';
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
  const imageUrl = useImageUrl();
  const sportId = Number(useParams().sportId);
  const sport = useResourceRecord(sportsResource, String(sportId));
  const { stored, saved, draft, setDraft, change, dirty, save } = useMapDraft(sportId);
  const markerTypes = useMarkerTypes(sportId);
  const [selected, setSelected] = useState<number | null>(null);
  const bypass = useRef(false);

  const name = String(sport.data?.name ?? `#${sportId}`);
  const canWrite = stored.data?.canWrite ?? false;
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
  const backgroundUrl = draft?.background ? imageUrl(draft.background) : (stored.data?.defaultBackgroundUrl ?? null);

  return (
    <Stack gap="md" maw={1200}>
      <MapHeading sportId={sportId} name={name} zones={draft?.zones.length ?? null}>
        {canWrite && (
          <MapActions
            dirty={dirty}
            saving={save.isPending}
            onReset={() => {
              // Back to the stored map (spec §4 "form reset").
              if (saved) setDraft(structuredClone(saved));
              setSelected(null);
            }}
            onSave={() => draft && save.mutate(draft, { onError: () => undefined })}
          />
        )}
      </MapHeading>
      {stored.isError ? (
        <Alert color="red" variant="light" title={t('resource.common.loadFailed')}>
          <Text size="sm">{stored.error.message}</Text>
        </Alert>
      ) : !draft ? (
        <Skeleton h={360} radius="md" />
      ) : (
        <MapEditor
          map={draft}
          backgroundUrl={backgroundUrl}
          canWrite={canWrite}
          selected={selected}
          onSelect={setSelected}
          onAddZone={addZone}
          onChange={change}
          markerTypes={markerTypes}
        />
      )}
      <UnsavedChangesGuard when={dirty && !save.isPending} bypass={bypass} />
    </Stack>
  );
}

/** The stored map, the draft the user edits (the stored one again after a save) and its save. */
function useMapDraft(sportId: number) {
  const client = useApi();
  const queryClient = useQueryClient();
  const key = sportKeys.map(sportId);
  const stored = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => client.get<SportMapResponse>(sportMapPath(sportId), undefined, { signal }),
  });
  const [draft, setDraft] = useState<FieldMap | null>(null);
  const saved = stored.data ? (stored.data.map ?? EMPTY_MAP) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `saved` is derived anew each render; the answer is the trigger.
  useEffect(() => {
    if (saved) setDraft(structuredClone(saved));
  }, [stored.data]);
  const save = useAction((map: FieldMap) => client.put<SportMapResponse>(sportMapPath(sportId), map), {
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const dirty = draft !== null && saved !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const change = (next: Partial<FieldMap>) => setDraft((current) => (current ? { ...current, ...next } : current));
  return { stored, saved, draft, setDraft, change, dirty, save };
}

function MapActions({
  dirty,
  saving,
  onReset,
  onSave,
}: {
  dirty: boolean;
  saving: boolean;
  onReset: () => void;
  onSave: () => void;
}) {
  const t = useT();
  return (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        disabled={!dirty || saving}
        onClick={onReset}
      >
        {t('resource.common.reset')}
      </Button>
      <Button
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        disabled={!dirty}
        loading={saving}
        onClick={onSave}
      >
        {t('sportMap.save')}
      </Button>
    </Group>
  );
}

/** The marker types a zone may take: the platform's and this sport's. */
function useMarkerTypes(sportId: number) {
  const markerTypes = useResourceOptions(MARKER_TYPES, '', { limit: 100 });
  const markerTypeOptions = (markerTypes.data?.data ?? [])
    .filter((type) => type.sportId === null || type.sportId === sportId)
    .map((type) => ({ value: String(type.id), label: recordLabel(type) }));
  const markerTypeName = (id: number | null) =>
    id === null ? '—' : (markerTypeOptions.find((option) => option.value === String(id))?.label ?? `#${id}`);
  return { markerTypeOptions, markerTypeName };
}

/** The way back to the sport, the map's title with its zone count, and the actions. */
function MapHeading({
  sportId,
  name,
  zones,
  children,
}: {
  sportId: number;
  name: string;
  zones: number | null;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <Anchor component={Link} to={fillPath('/account/sports/edit/:id', { id: sportId })} size="sm">
        {t('sportMap.back', { name })}
      </Anchor>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2}>{t('sportMap.title', { name })}</Title>
          {zones !== null && <Badge variant="light">{zones}</Badge>}
        </Group>
        {children}
      </Group>
    </>
  );
}

/** The field drawn with its zones, the zones' table, the field's settings and the selected zone's form. */
function MapEditor({
  map,
  backgroundUrl,
  canWrite,
  selected,
  onSelect,
  onAddZone,
  onChange,
  markerTypes,
}: {
  map: FieldMap;
  backgroundUrl: string | null;
  canWrite: boolean;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onAddZone: (points: MapPoint[]) => void;
  onChange: (next: Partial<FieldMap>) => void;
  markerTypes: ReturnType<typeof useMarkerTypes>;
}) {
  const t = useT();
  const zone = selected !== null ? map.zones[selected] : undefined;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm">
          <SportMapCanvas
            backgroundUrl={backgroundUrl}
            ratio={aspectRatio(map.lengthMeters, map.widthMeters)}
            zones={map.zones}
            selected={selected}
            onSelect={onSelect}
            onDraw={canWrite ? onAddZone : null}
          />
          <Text size="sm" c="dimmed">
            {canWrite ? t('sportMap.drawHint') : t('sportMap.readOnly')}
          </Text>
          <ZonesSection
            zones={map.zones}
            selected={selected}
            onSelect={onSelect}
            onAdd={canWrite ? () => onAddZone(MIDDLE) : null}
            markerTypeName={markerTypes.markerTypeName}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          <FieldSection map={map} canWrite={canWrite} onChange={onChange} />
          {zone && selected !== null && (
            <ZoneForm
              zone={zone}
              markerTypes={markerTypes.markerTypeOptions}
              readOnly={!canWrite}
              onChange={(next) =>
                onChange({ zones: map.zones.map((item, index) => (index === selected ? next : item)) })
              }
              onDelete={() => {
                onChange({ zones: map.zones.filter((_, index) => index !== selected) });
                onSelect(null);
              }}
            />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
