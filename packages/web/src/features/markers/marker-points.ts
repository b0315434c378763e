import { markerTypeFitsSport } from '@regie/contract/events';
import type { MarkerRecord } from '@regie/contract/markers';
import type { TimelinePoint } from '../../widgets/timeline/Timeline.tsx';
import type { MarkerTypeView } from './marker-calls.ts';

/** Markers without a type take this colour on the timeline. */
export const UNTYPED_COLOR = '#495057';

/** The markers as timeline points: their type's colour and icon, their label or their type's name. */
export function markerPoints(markers: readonly MarkerRecord[], types: readonly MarkerTypeView[]): TimelinePoint[] {
  const byId = new Map(types.map((type) => [type.id, type]));
  return markers.map((marker) => {
    const type = marker.markerTypeId === null ? undefined : byId.get(marker.markerTypeId);
    return {
      id: marker.id,
      time: marker.timeSeconds,
      duration: marker.durationSeconds,
      label: marker.label || type?.name || '',
      color: type?.color ?? UNTYPED_COLOR,
      iconUrl: type?.iconUrl ?? null,
      symbol: type?.symbol ?? null,
    };
  });
}

/**
 * The types an event of `sportId` is offered: its sport's and those of every sport (a football
 * match is not offered a conference's "Q&A"); every type for an event without a sport.
 */
export function typesForSport<Type extends { sportId: number | null }>(
  types: readonly Type[],
  sportId: number | null,
): Type[] {
  return types.filter((type) => markerTypeFitsSport(type.sportId, sportId));
}
