import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';

/** Categories of an account (contract resources/categories.ts). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(false),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('categories_account_name_unique').on(table.accountId, table.name),
    index('categories_account_position_id_idx').on(table.accountId, table.position, table.id),
  ],
);

/** Subcategories (contract resources/subcategories.ts): a category with subcategories cannot be deleted (409). */
export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(false),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('subcategories_category_name_unique').on(table.categoryId, table.name),
    index('subcategories_category_position_id_idx').on(table.categoryId, table.position, table.id),
    index('subcategories_account_id_idx').on(table.accountId),
  ],
);

/**
 * What a category shows (contract resources/item-links.ts): `itemType` names the resource
 * (video, playlist) and `itemId` its record. No foreign key can span types: the item's resource
 * removes its links when an item is deleted.
 */
export const categoryItems = pgTable(
  'category_items',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('category_items_category_item_unique').on(table.categoryId, table.itemType, table.itemId),
    index('category_items_category_position_id_idx').on(table.categoryId, table.position, table.id),
    index('category_items_item_idx').on(table.itemType, table.itemId),
  ],
);
