import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';

/** A sport; without an account it is global and offered to every account. */
export const sports = pgTable(
  'sports',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** A file of packages/server/assets/sports served at /assets/markers/{sportId}/{file}. */
    svgSpriteFilename: text('svg_sprite_filename'),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sports_account_id_idx').on(table.accountId)],
);
