import { HTTP_MESSAGES } from '@regie/contract/errors';
import { type MapZone, SPORT_MAP_MESSAGES } from '@regie/contract/sport-maps';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { markerTypes } from '../db/marker-types.table.ts';
import { badRequest, type FieldError } from '../http/http.errors.ts';
import type { Engine, Row } from '../resources/resources.types.ts';

/**
 * The marker types zones name: of the sport's own account, for this sport or for every sport.
 * Marker types belong to accounts, so a platform sport's zones name none.
 */
export async function checkMarkerTypes(engine: Engine, sport: Row, zones: readonly MapZone[]): Promise<void> {
  const wanted = [...new Set(zones.flatMap((zone) => (zone.markerTypeId === null ? [] : [zone.markerTypeId])))];
  if (wanted.length === 0) return;
  const owner = typeof sport.accountId === 'number' ? sport.accountId : null;
  const found =
    owner === null
      ? []
      : await engine.db
          .select({ id: markerTypes.id })
          .from(markerTypes)
          .where(
            and(
              inArray(markerTypes.id, wanted),
              eq(markerTypes.accountId, owner),
              or(isNull(markerTypes.sportId), eq(markerTypes.sportId, Number(sport.id))),
            ),
          );
  const known = new Set(found.map((row) => row.id));
  const errors: FieldError[] = [];
  zones.forEach((zone, index) => {
    if (zone.markerTypeId !== null && !known.has(zone.markerTypeId)) {
      errors.push({
        path: `zones.${index}.markerTypeId`,
        message:
          owner === null
            ? SPORT_MAP_MESSAGES.platformMarkerType
            : SPORT_MAP_MESSAGES.unknownMarkerType(zone.markerTypeId),
      });
    }
  });
  if (errors.length) throw badRequest(errors[0]?.message ?? HTTP_MESSAGES.validationFailed, errors);
}
