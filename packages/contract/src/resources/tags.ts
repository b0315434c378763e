import { z } from 'zod';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';

/** 'fan': the CRM's tags on fans (fans.ts), which the tags list also shows. */
export const TAG_TYPES = ['player', 'team', 'action', 'theme', 'sponsor', 'fan', 'other'] as const;
export const TAG_NAME_MAX = 60;

/** Tags qualify videos, markers, fans and quizzes; the tag picker groups them by tagType (spec §2). */
export const tagsResource = defineResource({
  name: 'tags',
  gateway: 'main',
  labelKey: 'resource.tags',
  fields: z.object({
    name: z.string().trim().min(1).max(TAG_NAME_MAX),
    tagType: z.enum(TAG_TYPES).default('other'),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: TAG_NAME_MAX },
    tagType: { widget: 'select', options: TAG_TYPES },
  },
  columns: ['name', 'tagType', 'updatedAt'],
  filters: ['tagType'],
  sortable: ['name', 'tagType', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name'],
  translatable: ['name'],
  unique: [['name', 'tagType']],
  access: {
    read: { authorizedRoles: ['sport_player_write', 'liveclipping_write', 'video_write', 'trivia_write'] },
    write: registeredWriteRule('tags'),
  },
  tenancy: 'account',
});
