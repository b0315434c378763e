import { z } from 'zod';
import { FIELD_MESSAGES } from '../errors.ts';
import { schemaMessage } from '../messages.ts';
import { imageKey } from '../uploads.schemas.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule, SPORT_DATA_RULE } from './registry.ts';
import { referenceId } from './shapes.ts';

export const COMPETITION_NAME_MAX = 100;

/** An ISO 3166-1 alpha-2 country code, stored uppercase: FR, GB, US. */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, schemaMessage(FIELD_MESSAGES.countryCode));

/** Sport data (spec §2 account/competitions): one rule for competitions, their seasons and rounds. */

/**
 * A league or a cup (menu account/competitions). Its seasons live under it
 * (/main-api/competitions/{id}/seasons) and each season's rounds under the season
 * (/main-api/seasons/{id}/rounds); the edit screen lists both.
 */
export const competitionsResource = defineResource({
  name: 'competitions',
  gateway: 'main',
  labelKey: 'resource.competitions',
  fields: z.object({
    name: z.string().trim().min(1).max(COMPETITION_NAME_MAX),
    /** A sport of the account or of the platform. */
    sportId: referenceId,
    /** An uploaded image key (kind 'logo'). */
    logo: imageKey.nullable().default(null),
    /** Null for an international competition. */
    country: countryCode.nullable().default(null),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: COMPETITION_NAME_MAX },
    sportId: { widget: 'reference', reference: 'sports' },
    logo: { widget: 'image', imageKind: 'logo' },
    country: { widget: 'text' },
  },
  columns: ['name', 'logo', 'sportId', 'country', 'updatedAt'],
  filters: ['country', 'sportId'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  translatable: ['name'],
  unique: [['name']],
  relations: {
    Sport: { resource: 'sports', kind: 'one', foreignKey: 'sportId' },
    Seasons: { resource: 'seasons', kind: 'many', foreignKey: 'competitionId' },
  },
  access: { read: SPORT_DATA_RULE, write: registeredWriteRule('competitions') },
  tenancy: 'account',
});
