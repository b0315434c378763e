import { z } from 'zod';
import { isoDateTime } from '../datetime.ts';
import { FIELD_MESSAGES } from '../errors.ts';
import { defineResource, type FieldRule } from './define.ts';
import { registeredWriteRule, SPORT_DATA_RULE } from './registry.ts';
import { referenceId } from './shapes.ts';

export const SEASON_NAME_MAX = 40;

function time(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string' || value === '') return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** `end` is not before `start` (either one missing: nothing to compare). */
export function endNotBeforeStart(start: string, end: string): FieldRule['holds'] {
  return (values) => {
    const from = time(values[start]);
    const to = time(values[end]);
    return from === null || to === null || to >= from;
  };
}

export const SEASON_DATES_RULE: FieldRule = {
  field: 'endDate',
  holds: endNotBeforeStart('startDate', 'endDate'),
  message: FIELD_MESSAGES.seasonDates,
  messageKey: 'resource.seasons.rule.endBeforeStart',
};

/**
 * A season of a competition (/main-api/competitions/{id}/seasons): '2025-2026'. Listed on its
 * competition's edit page; its own page (menu account/competitions/{id}/seasons/edit/{seasonId})
 * lists its rounds.
 */
export const seasonsResource = defineResource({
  name: 'seasons',
  gateway: 'main',
  parent: { resource: 'competitions', field: 'competitionId' },
  labelKey: 'resource.seasons',
  fields: z.object({
    name: z.string().trim().min(1).max(SEASON_NAME_MAX),
    competitionId: referenceId,
    startDate: isoDateTime,
    endDate: isoDateTime,
    /** The season fans see by default. */
    current: z.boolean().default(false),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: SEASON_NAME_MAX },
    competitionId: { widget: 'reference', reference: 'competitions', readOnly: true },
    startDate: { widget: 'dateTime' },
    endDate: { widget: 'dateTime' },
    current: { widget: 'switch' },
  },
  columns: ['name', 'startDate', 'endDate', 'current'],
  filters: ['current'],
  sortable: ['startDate', 'endDate', 'name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'startDate', direction: 'asc' },
  search: ['name'],
  translatable: ['name'],
  unique: [['name', 'competitionId']],
  rules: [SEASON_DATES_RULE],
  relations: { Rounds: { resource: 'rounds', kind: 'many', foreignKey: 'seasonId' } },
  access: { read: SPORT_DATA_RULE, write: registeredWriteRule('seasons') },
  tenancy: 'account',
});
