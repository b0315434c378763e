import { z } from 'zod';
import { isoDateTime } from '../datetime.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule, SPORT_DATA_RULE } from './registry.ts';
import { referenceId } from './shapes.ts';

export const ROUND_NAME_MAX = 60;
export const ROUND_NUMBER_MAX = 1000;

/** A round of a season (/main-api/seasons/{id}/rounds): 'Matchday 1', 'Quarter-finals'. */
export const roundsResource = defineResource({
  name: 'rounds',
  gateway: 'main',
  parent: { resource: 'seasons', field: 'seasonId' },
  labelKey: 'resource.rounds',
  fields: z.object({
    name: z.string().trim().min(1).max(ROUND_NAME_MAX),
    seasonId: referenceId,
    /** Order within the season, from 1. */
    number: z.number().int().min(1).max(ROUND_NUMBER_MAX),
    startDate: isoDateTime.nullable().default(null),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: ROUND_NAME_MAX },
    seasonId: { widget: 'reference', reference: 'seasons', readOnly: true },
    number: { widget: 'number' },
    startDate: { widget: 'dateTime' },
  },
  columns: ['number', 'name', 'startDate'],
  filters: ['number'],
  sortable: ['number', 'name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'number', direction: 'asc' },
  search: ['name'],
  translatable: ['name'],
  unique: [['number', 'seasonId']],
  access: { read: SPORT_DATA_RULE, write: registeredWriteRule('rounds') },
  tenancy: 'account',
});
