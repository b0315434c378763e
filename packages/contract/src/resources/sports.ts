import { z } from 'zod';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';

export const SPORT_NAME_MAX = 60;
/** The sprite files the server ships (packages/server/assets/sports), served by sportId. */
export const SPORT_SPRITE_FILES = [
  'football.svg',
  'basketball.svg',
  'rugby.svg',
  'tennis.svg',
  'handball.svg',
] as const;

/**
 * Sports (spec §3 "Sport"): the platform's own, offered to every account, plus each account's
 * own. Platform sports are written by platform admins acting for no account.
 */
export const sportsResource = defineResource({
  name: 'sports',
  gateway: 'main',
  labelKey: 'resource.sports',
  fields: z.object({
    name: z.string().trim().min(1).max(SPORT_NAME_MAX),
    svgSpriteFilename: z.enum(SPORT_SPRITE_FILES).nullable().default(null),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: SPORT_NAME_MAX },
    svgSpriteFilename: { widget: 'select', options: SPORT_SPRITE_FILES },
  },
  columns: ['name', 'svgSpriteFilename', 'AccountId', 'updatedAt'],
  filters: ['svgSpriteFilename', 'AccountId'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  translatable: ['name'],
  unique: [['name']],
  access: {
    // motm_write: the challengers' form (a club's or a player's sport) of the man-of-the-match's writers.
    read: {
      authorizedRoles: ['sport_player_write', 'liveclipping_write', 'conf_player_write', 'video_write', 'motm_write'],
    },
    write: registeredWriteRule('sports'),
  },
  tenancy: 'shared',
});
