import { markerSymbolId } from '@regie/contract/events';
import { type EventReplayResponse, type MarkerRecord, markerPaths } from '@regie/contract/markers';
import { LIST_LIMITS } from '@regie/contract/resources/define';
import { eventsResource } from '@regie/contract/resources/events';
import { markerTypesResource } from '@regie/contract/resources/marker-types';
import type { ListResponse } from '@regie/contract/resources/shapes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useEnvironment } from '../../api/queries.ts';
import { resourceKeys } from '../../api/query-keys.ts';
import { useResourceRecord } from '../../api/resource-queries.ts';
import { useEventChannel } from '../../realtime/use-realtime.ts';
import { useLocalListController } from '../../resources/use-list-controller.ts';
import { useImageUrl } from '../../widgets/image-url.ts';
import { madeMarkers } from './made-markers.ts';
import { typesForSport } from './marker-points.ts';
import { applyMarkerEvent, removeMarker, upsertMarker } from './markers-cache.ts';

/** The whole list, page after page (a match holds a few hundred markers at most). */
const MARKERS_QUERY = { offset: 0, limit: LIST_LIMITS.maxLimit, sort: 'timeSeconds' } as const;
const markersKey = (eventId: number) => resourceKeys.listOf('markers', eventId, MARKERS_QUERY);
/** Quiet actions: a marker dropped with a key needs no 'Requested' toast; failures still show. */
const QUIET = { pending: false, success: false } as const;

/** The event's replay video as the player needs it (contract GET events/{id}/replay). */
export function useEventReplay(eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: resourceKeys.expanded('events', String(eventId), 'replay'),
    queryFn: ({ signal }) => api.get<EventReplayResponse>(markerPaths.replay(eventId), undefined, { signal }),
  });
}

/**
 * The event's markers, by time, kept live: every marker change of the event published on
 * `/admin/{eventId}` (by this editor or another) is applied to the list as it arrives.
 */
export function useEventMarkers(eventId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = markersKey(eventId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const all: MarkerRecord[] = [];
      let after: string | null = null;
      do {
        const page: ListResponse<MarkerRecord> = await api.get<ListResponse<MarkerRecord>>(
          markerPaths.markers(eventId),
          { ...MARKERS_QUERY, ...(after ? { after } : {}) },
          { signal },
        );
        all.push(...page.data);
        after = page.nextCursor;
      } while (after);
      return all;
    },
  });
  useEventChannel(eventId, (event) => {
    const next = applyMarkerEvent(queryClient.getQueryData<MarkerRecord[]>(key) ?? [], event, eventId);
    if (next) queryClient.setQueryData(key, next);
  });
  return query;
}

/** Create, change and delete an event's markers; the list follows at once (then the echo confirms). */
export function useMarkerActions(eventId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = markersKey(eventId);
  const edit = (change: (markers: MarkerRecord[]) => MarkerRecord[]) =>
    queryClient.setQueryData<MarkerRecord[]>(key, (markers) => change(markers ?? []));
  const create = useAction(
    (body: { markerTypeId: number | null; timeSeconds: number; label?: string }) =>
      api.post<MarkerRecord>(markerPaths.markers(eventId), body),
    {
      ...QUIET,
      onSuccess: (marker) => {
        edit((markers) => upsertMarker(markers, marker));
        // What the press made shows by the player (MarkerFeedback).
        madeMarkers.add(marker);
      },
    },
  );
  const update = useAction(
    ({
      id,
      ...body
    }: { id: number } & Partial<Pick<MarkerRecord, 'label' | 'markerTypeId' | 'timeSeconds' | 'durationSeconds'>>) => {
      edit((markers) => markers.map((marker) => (marker.id === id ? { ...marker, ...body } : marker)));
      return api.put<MarkerRecord>(markerPaths.marker(eventId, id), body);
    },
    { ...QUIET, onSuccess: (marker) => edit((markers) => upsertMarker(markers, marker)) },
  );
  const remove = useAction(
    (id: number) => {
      edit((markers) => removeMarker(markers, id));
      return api.delete(markerPaths.marker(eventId, id));
    },
    { pending: false, success: 'markers.ui.deleted' },
  );
  return { create, update, remove };
}

/** A marker type as the editor shows it. */
export interface MarkerTypeView {
  id: number;
  name: string;
  position: number;
  color: string;
  iconUrl: string | null;
  /**
   * Its icon in its sport's sprite, inlined in the page (SpriteHost): the symbol's id, e.g.
   * `football-goal`; null when its sport has no sprite or the type no code.
   */
  symbol: string | null;
  /** Null: a type of every sport. */
  sportId: number | null;
}

const TYPES_STATE = { pageSize: 100, sort: { field: 'position', direction: 'asc' } } as const;

/**
 * The account's marker types, in palette order (one page holds them); given an event, those of
 * its sport (typesForSport), so that its keys 1…9, 0 are its sport's.
 */
export function useMarkerTypes(eventId?: number): { types: MarkerTypeView[]; failed: boolean } {
  const list = useLocalListController(markerTypesResource, { initial: TYPES_STATE });
  const imageUrl = useImageUrl();
  const { data: environment } = useEnvironment();
  const rows = list.rows;
  const types = useMemo(
    () =>
      (rows ?? []).flatMap((row): MarkerTypeView[] =>
        typeof row.id === 'number'
          ? [
              {
                id: row.id,
                name: String(row.name ?? ''),
                position: typeof row.position === 'number' ? row.position : 0,
                color: typeof row.color === 'string' ? row.color : '#868E96',
                iconUrl: typeof row.icon === 'string' && row.icon ? imageUrl(row.icon) : null,
                symbol: markerSymbolId(
                  environment?.sports.find((sport) => sport.id === row.sportId)?.svgSpriteFilename,
                  typeof row.code === 'string' ? row.code : null,
                ),
                sportId: typeof row.sportId === 'number' ? row.sportId : null,
              },
            ]
          : [],
      ),
    [rows, imageUrl, environment],
  );
  const event = useResourceRecord(eventsResource, eventId === undefined ? null : String(eventId));
  const sportId = typeof event.data?.sportId === 'number' ? event.data.sportId : null;
  const offered = useMemo(() => typesForSport(types, sportId), [types, sportId]);
  return { types: offered, failed: list.list.isError };
}
