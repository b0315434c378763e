import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { sports } from './sports.table.ts';

/** Marker types of an account (contract resources/marker-types.ts). */
export const markerTypes = pgTable(
  'marker_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    color: text('color').notNull(),
    icon: text('icon'),
    // A sport used by marker types cannot be deleted (409); null means every sport.
    sportId: integer('sport_id').references(() => sports.id, { onDelete: 'restrict' }),
    notificationGroup: text('notification_group'),
    position: integer('position').notNull().default(0),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('marker_types_account_name_unique').on(table.accountId, table.name),
    uniqueIndex('marker_types_account_code_unique').on(table.accountId, table.code),
    // The default sort (the palette order) and its keyset condition within one account.
    index('marker_types_account_position_id_idx').on(table.accountId, table.position, table.id),
    index('marker_types_sport_id_idx').on(table.sportId),
  ],
);
