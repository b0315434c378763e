import { z } from 'zod';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog, refineMessage, schemaMessage } from './messages.ts';
import { hexColor } from './resources/accounts.ts';
import { referenceId } from './resources/shapes.ts';
import { imageKey } from './uploads.schemas.ts';

/**
 * A sport's field map (menu account/sports/map/:sportId): the picture of the field markers are
 * placed on, its real size, and named zones where marker positions fall. Positions are
 * normalised: x from the left edge (0) to the right (1), y from the top (0) to the bottom (1),
 * whatever the picture's pixels, so a map survives a new background.
 */

export const SPORT_MAP_LIMITS = {
  maxZones: 50,
  minPoints: 3,
  maxPoints: 64,
  zoneNameMax: 60,
  /** Metres; the largest fields (polo, cricket) stay well below. */
  maxMeters: 1_000,
} as const;

export const SPORT_MAP_MESSAGES = messageCatalog('SPORT_MAP_MESSAGES', {
  outside: 'Coordinates go from 0 to 1',
  tooFewPoints: `A zone needs at least ${SPORT_MAP_LIMITS.minPoints} points`,
  tooManyPoints: `A zone has at most ${SPORT_MAP_LIMITS.maxPoints} points`,
  tooManyZones: `A map has at most ${SPORT_MAP_LIMITS.maxZones} zones`,
  nameTaken: (name: string) => `Another zone is already named ${name}`,
  meters: `Give a size in metres, above 0 and up to ${SPORT_MAP_LIMITS.maxMeters}`,
  unknownMarkerType: (id: number) => `No marker type ${id} for this sport`,
  platformMarkerType: "Marker types belong to accounts: a platform sport's zones cannot name one",
  noDrawing: 'No such field drawing',
});

/** GET / PUT: the map of one sport. */
export const sportMapPath = (sportId: number | string) => `${MAIN_API}/sports/${sportId}/map`;

const unit = z
  .number()
  .min(0, schemaMessage(SPORT_MAP_MESSAGES.outside))
  .max(1, schemaMessage(SPORT_MAP_MESSAGES.outside));
/** [x, y], each from 0 to 1. */
export const mapPoint = z.tuple([unit, unit]);
export type MapPoint = z.infer<typeof mapPoint>;

const meters = z
  .number()
  .gt(0, schemaMessage(SPORT_MAP_MESSAGES.meters))
  .max(SPORT_MAP_LIMITS.maxMeters, schemaMessage(SPORT_MAP_MESSAGES.meters));

export const mapZone = z
  .object({
    name: z.string().trim().min(1).max(SPORT_MAP_LIMITS.zoneNameMax),
    color: hexColor,
    /** The marker type this zone suggests for a marker placed in it (a corner kick in a corner). */
    markerTypeId: referenceId.nullable().default(null),
    /** A polygon, in order; a rectangle is four points. */
    points: z
      .array(mapPoint)
      .min(SPORT_MAP_LIMITS.minPoints, schemaMessage(SPORT_MAP_MESSAGES.tooFewPoints))
      .max(SPORT_MAP_LIMITS.maxPoints, schemaMessage(SPORT_MAP_MESSAGES.tooManyPoints)),
  })
  .strict();
export type MapZone = z.infer<typeof mapZone>;

export const sportMapBody = z
  .object({
    /** An uploaded image (kind 'picture'); null: the sport's default drawing, if it has one. */
    background: imageKey.nullable().default(null),
    lengthMeters: meters,
    widthMeters: meters,
    zones: z.array(mapZone).max(SPORT_MAP_LIMITS.maxZones, schemaMessage(SPORT_MAP_MESSAGES.tooManyZones)),
  })
  .strict()
  .superRefine((map, context) => {
    const names = new Set<string>();
    map.zones.forEach((zone, index) => {
      const name = zone.name.trim().toLowerCase();
      if (names.has(name)) {
        context.addIssue({
          code: 'custom',
          path: ['zones', index, 'name'],
          ...refineMessage(SPORT_MAP_MESSAGES.nameTaken(zone.name)),
        });
      }
      names.add(name);
    });
  });
export type SportMap = z.infer<typeof sportMapBody>;

export const sportMapResponse = z.object({
  sportId: z.number(),
  /** Null until someone saves one. */
  map: sportMapBody.nullable(),
  /** The picture drawn when the map has no background of its own (football: a pitch). */
  defaultBackgroundUrl: z.string().nullable(),
  /** Whether the caller may save this sport's map (platform sports: platform admins only). */
  canWrite: z.boolean(),
  updatedAt: isoDateTime.nullable(),
});
export type SportMapResponse = z.infer<typeof sportMapResponse>;
