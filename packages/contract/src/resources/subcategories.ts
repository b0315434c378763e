import { z } from 'zod';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, CATEGORY_POSITION_MAX } from './categories.ts';
import { defineResource } from './define.ts';
import { CONTENT_RULE, registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

/**
 * Subcategories (menu account/categories/subcategories/new and /edit/{id}). A flat resource,
 * /main-api/subcategories, rather than one nested under its category: its pages' paths carry no
 * category id, and a subcategory may move to another category. `categoryId=` narrows the list
 * to one category (the category's edit page lists its subcategories that way).
 */
export const subcategoriesResource = defineResource({
  name: 'subcategories',
  singular: 'Subcategory',
  gateway: 'main',
  labelKey: 'resource.subcategories',
  fields: z.object({
    name: z.string().trim().min(1).max(CATEGORY_NAME_MAX),
    categoryId: referenceId,
    description: z.string().trim().max(CATEGORY_DESCRIPTION_MAX).default(''),
    position: z.number().int().min(0).max(CATEGORY_POSITION_MAX).default(0),
    published: z.boolean().default(false),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: CATEGORY_NAME_MAX },
    categoryId: { widget: 'reference', reference: 'categories' },
    description: { widget: 'limitedText', textLimit: CATEGORY_DESCRIPTION_MAX },
    position: { widget: 'number' },
    published: { widget: 'switch' },
  },
  columns: ['position', 'name', 'categoryId', 'published', 'updatedAt'],
  filters: ['categoryId', 'published'],
  sortable: ['position', 'name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'position', direction: 'asc' },
  search: ['name', 'description'],
  translatable: ['name', 'description'],
  unique: [['name', 'categoryId']],
  relations: { Category: { resource: 'categories', kind: 'one', foreignKey: 'categoryId' } },
  access: { read: CONTENT_RULE, write: registeredWriteRule('subcategories') },
  tenancy: 'account',
});
