import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { events } from './events.table.ts';
import { sports } from './sports.table.ts';

/** Players and teams of an account (contract resources/challengers.ts). */
export const challengers = pgTable(
  'challengers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    type: text('type').notNull().default('player'),
    // A sport with challengers cannot be deleted (409).
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id, { onDelete: 'restrict' }),
    picture: text('picture'),
    jerseyNumber: integer('jersey_number'),
    nationality: text('nationality'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('challengers_account_name_type_unique').on(table.accountId, table.name, table.type),
    index('challengers_account_name_id_idx').on(table.accountId, table.name, table.id),
    index('challengers_sport_id_idx').on(table.sportId),
  ],
);

/**
 * The challengers of a sport event, in order (PATCH events/{id}/relationships/challengers),
 * which GET challengers/{id}/appearances reads; they go with their event and their challenger.
 */
export const challengerAppearances = pgTable(
  'challenger_appearances',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    challengerId: integer('challenger_id')
      .notNull()
      .references(() => challengers.id, { onDelete: 'cascade' }),
    /** Order within the event, from 0. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.challengerId] }),
    index('challenger_appearances_challenger_idx').on(table.challengerId, table.createdAt),
    index('challenger_appearances_event_position_idx').on(table.eventId, table.position),
  ],
);

/** Conference speakers of an account (contract resources/speakers.ts). */
export const speakers = pgTable(
  'speakers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    company: text('company').notNull().default(''),
    bio: text('bio').notNull().default(''),
    picture: text('picture'),
    email: text('email'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('speakers_account_name_unique').on(table.accountId, table.name),
    index('speakers_account_name_id_idx').on(table.accountId, table.name, table.id),
  ],
);
