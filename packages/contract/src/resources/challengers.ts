import { z } from 'zod';
import { isoDateTime } from '../datetime.ts';
import { imageKey } from '../uploads.schemas.ts';
import { countryCode } from './competitions.ts';
import { defineResource } from './define.ts';
import { CHALLENGERS_RULE, registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

export const CHALLENGER_NAME_MAX = 100;
export const CHALLENGER_SHORT_NAME_MAX = 20;
export const JERSEY_NUMBER_MAX = 999;
export const CHALLENGER_TYPES = ['player', 'team'] as const;

/**
 * Who takes part in sport events (menu actors/challengers): players and teams. GET
 * /main-api/challengers/search?search= finds them by name; GET /main-api/challengers/{id}/appearances
 * lists the events they took part in.
 */
export const challengersResource = defineResource({
  name: 'challengers',
  gateway: 'main',
  labelKey: 'resource.challengers',
  fields: z.object({
    name: z.string().trim().min(1).max(CHALLENGER_NAME_MAX),
    /** On scoreboards: 'RIV', 'J. Miles'. */
    shortName: z.string().trim().max(CHALLENGER_SHORT_NAME_MAX).default(''),
    type: z.enum(CHALLENGER_TYPES).default('player'),
    sportId: referenceId,
    /** An uploaded image key (kind 'picture'): a portrait or a crest. */
    picture: imageKey.nullable().default(null),
    /** Players only. */
    jerseyNumber: z.number().int().min(0).max(JERSEY_NUMBER_MAX).nullable().default(null),
    nationality: countryCode.nullable().default(null),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: CHALLENGER_NAME_MAX },
    shortName: { widget: 'limitedText', textLimit: CHALLENGER_SHORT_NAME_MAX },
    type: { widget: 'select', options: CHALLENGER_TYPES },
    sportId: { widget: 'reference', reference: 'sports' },
    picture: { widget: 'image', imageKind: 'picture' },
    jerseyNumber: { widget: 'number' },
    nationality: { widget: 'text' },
  },
  columns: ['picture', 'name', 'type', 'sportId', 'jerseyNumber', 'nationality'],
  filters: ['type', 'sportId', 'nationality'],
  sortable: ['name', 'type', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name', 'shortName'],
  unique: [['name', 'type']],
  relations: { Sport: { resource: 'sports', kind: 'one', foreignKey: 'sportId' } },
  access: { read: CHALLENGERS_RULE, write: registeredWriteRule('challengers') },
  tenancy: 'account',
});

/** GET /main-api/challengers/{id}/appearances: one event the challenger took part in. */
export const challengerAppearance = z.object({
  eventId: z.number(),
  /** The event's name and start, to show the appearance without another call. */
  name: z.string(),
  startsAt: isoDateTime,
  /** When the challenger was put on the event. */
  createdAt: isoDateTime,
});
export type ChallengerAppearance = z.infer<typeof challengerAppearance>;
