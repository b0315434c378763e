import type { MapZone } from '@regie/contract/sport-maps';
import type { Db } from '../db/database.ts';
import { sportMaps } from '../db/sport-maps.table.ts';

/** A rectangle from its left, top, right and bottom edges in metres on a 105 × 68 pitch. */
function box(left: number, top: number, right: number, bottom: number): MapZone['points'] {
  const x = (metres: number) => Math.round((metres / 105) * 10_000) / 10_000;
  const y = (metres: number) => Math.round((metres / 68) * 10_000) / 10_000;
  return [
    [x(left), y(top)],
    [x(right), y(top)],
    [x(right), y(bottom)],
    [x(left), y(bottom)],
  ];
}

/** The demo football map: the default pitch drawing, its real size and the zones producers name. */
export async function seedSportMap(db: Db, football: number): Promise<void> {
  const zones: MapZone[] = [
    { name: 'Left half', color: '#1565C0', markerTypeId: null, points: box(0, 0, 52.5, 68) },
    { name: 'Right half', color: '#C62828', markerTypeId: null, points: box(52.5, 0, 105, 68) },
    { name: 'Left penalty area', color: '#F9A825', markerTypeId: null, points: box(0, 13.84, 16.5, 54.16) },
    { name: 'Right penalty area', color: '#F9A825', markerTypeId: null, points: box(88.5, 13.84, 105, 54.16) },
    { name: 'Centre circle', color: '#6A1B9A', markerTypeId: null, points: box(43.35, 24.85, 61.65, 43.15) },
  ];
  await db.insert(sportMaps).values({ sportId: football, background: null, lengthMeters: 105, widthMeters: 68, zones });
}
