import { z } from 'zod';
import { imageKey } from '../uploads.schemas.ts';
import { defineResource } from './define.ts';
import { CONTENT_RULE, registeredWriteRule } from './registry.ts';

export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 500;
export const CATEGORY_POSITION_MAX = 10_000;

/** Content organisation (spec §6: video_write or use_cms), shared by categories, subcategories and playlists. */

/**
 * How an account's content is organised for fans (menu account/categories). A category holds
 * subcategories and linked items (videos and playlists: GET/POST/DELETE
 * /main-api/categories/{id}/items, contract item-links.ts).
 */
export const categoriesResource = defineResource({
  name: 'categories',
  singular: 'Category',
  gateway: 'main',
  labelKey: 'resource.categories',
  fields: z.object({
    name: z.string().trim().min(1).max(CATEGORY_NAME_MAX),
    description: z.string().trim().max(CATEGORY_DESCRIPTION_MAX).default(''),
    /** An uploaded image key (kind 'picture'). */
    image: imageKey.nullable().default(null),
    /** Order in the fans' menus, smallest first. */
    position: z.number().int().min(0).max(CATEGORY_POSITION_MAX).default(0),
    published: z.boolean().default(false),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: CATEGORY_NAME_MAX },
    description: { widget: 'limitedText', textLimit: CATEGORY_DESCRIPTION_MAX },
    image: { widget: 'image', imageKind: 'picture' },
    position: { widget: 'number' },
    published: { widget: 'switch' },
  },
  columns: ['position', 'name', 'image', 'published', 'updatedAt'],
  filters: ['published'],
  sortable: ['position', 'name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'position', direction: 'asc' },
  search: ['name', 'description'],
  translatable: ['name', 'description'],
  unique: [['name']],
  relations: { Subcategories: { resource: 'subcategories', kind: 'many', foreignKey: 'categoryId' } },
  access: { read: CONTENT_RULE, write: registeredWriteRule('categories') },
  tenancy: 'account',
});
