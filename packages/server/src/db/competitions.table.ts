import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { sports } from './sports.table.ts';

/** Competitions of an account (contract resources/competitions.ts). */
export const competitions = pgTable(
  'competitions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // A sport with competitions cannot be deleted (409).
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id, { onDelete: 'restrict' }),
    logo: text('logo'),
    country: text('country'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('competitions_account_name_unique').on(table.accountId, table.name),
    index('competitions_account_name_id_idx').on(table.accountId, table.name, table.id),
    index('competitions_sport_id_idx').on(table.sportId),
  ],
);

/** Seasons of a competition (/competitions/{id}/seasons); they go with their competition. */
export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    current: boolean('current').notNull().default(false),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('seasons_competition_name_unique').on(table.competitionId, table.name),
    index('seasons_competition_start_id_idx').on(table.competitionId, table.startDate, table.id),
    index('seasons_account_id_idx').on(table.accountId),
    check('seasons_end_after_start', sql`${table.endDate} >= ${table.startDate}`),
  ],
);

/** Rounds of a season (/seasons/{id}/rounds); they go with their season. */
export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('rounds_season_number_unique').on(table.seasonId, table.number),
    index('rounds_account_id_idx').on(table.accountId),
  ],
);
