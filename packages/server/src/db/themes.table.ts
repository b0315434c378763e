import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { markerTypes } from './marker-types.table.ts';

/** Player themes of an account (contract resources/themes.ts). */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    primaryColor: text('primary_color').notNull(),
    secondaryColor: text('secondary_color').notNull(),
    logo: text('logo'),
    font: text('font').notNull().default('inter'),
    markerIconStyle: text('marker_icon_style').notNull().default('filled'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('themes_account_name_unique').on(table.accountId, table.name),
    index('themes_account_name_id_idx').on(table.accountId, table.name, table.id),
  ],
);

/** The marker types a theme's timeline shows (themes.markerTypes); a deleted type leaves the list. */
export const themeMarkerTypes = pgTable(
  'theme_marker_types',
  {
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    markerTypeId: integer('marker_type_id')
      .notNull()
      .references(() => markerTypes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.themeId, table.markerTypeId] }),
    index('theme_marker_types_marker_type_id_idx').on(table.markerTypeId),
  ],
);
