import { index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';

/** A sport; without an account it is global and offered to every account (tenancy 'shared'). */
export const sports = pgTable(
  'sports',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** A file of packages/server/assets/sports served at /assets/markers/{sportId}/{file}. */
    svgSpriteFilename: text('svg_sprite_filename'),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    index('sports_account_id_idx').on(table.accountId),
    // One name per account, and one among the platform's own (NULL account) sports.
    unique('sports_account_name_unique').on(table.accountId, table.name).nullsNotDistinct(),
  ],
);
