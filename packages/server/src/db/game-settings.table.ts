import { GAMES, type Game } from '@regie/contract/games.settings';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';

/**
 * An account's settings of one fan game (contract games.settings.ts), the fields the account
 * changed: what is absent takes the game's default when read.
 */
export const gameSettings = pgTable(
  'game_settings',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    game: text('game').$type<Game>().notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.game] }),
    check('game_settings_game_valid', sql.raw(`game in (${GAMES.map((game) => `'${game}'`).join(', ')})`)),
  ],
);
