import type { FeedProvider, FeedStatKey, ParsedFeed } from '@regie/contract/feeds';
import type { MatchSide, ParserMappingMode } from '@regie/contract/match-events';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { events } from './events.table.ts';
import { markerTypes } from './marker-types.table.ts';
import { sports } from './sports.table.ts';

/**
 * The parser mapping (issue 25 point 6, contract match-events.ts): per account, provider, sport
 * and mode, the marker type a provider's event key becomes, or none (`markerTypeId` null: "to
 * nothing"). A row with `dataProviderMappingId` (one competition's or event's mapping) overrides
 * the account's row of the same key; a key without any row follows the default mapping.
 */
export const parserMappings = pgTable(
  'parser_mappings',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<FeedProvider>().notNull(),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<ParserMappingMode>().notNull(),
    dataProviderMappingId: integer('data_provider_mapping_id'),
    key: text('key').notNull(),
    // A deleted marker type takes its rows: the key goes back to the default mapping.
    markerTypeId: integer('marker_type_id').references(() => markerTypes.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('parser_mappings_account_unique')
      .on(table.accountId, table.provider, table.sportId, table.mode, table.key)
      .where(sql`${table.dataProviderMappingId} is null`),
    uniqueIndex('parser_mappings_mapping_unique')
      .on(table.accountId, table.provider, table.sportId, table.mode, table.dataProviderMappingId, table.key)
      .where(sql`${table.dataProviderMappingId} is not null`),
    index('parser_mappings_marker_type_id_idx').on(table.markerTypeId),
    index('parser_mappings_sport_id_idx').on(table.sportId),
  ],
);

/**
 * An event's match document, as its provider's adapter parsed it (teams, match events, stats),
 * one per event and provider: POST jobs/importMarkers and jobs/importEventStats apply it again
 * (with the mapping of the day), and so does a change of the event's periods.
 */
export const eventFeeds = pgTable(
  'event_feeds',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<FeedProvider>().notNull(),
    document: jsonb('document').$type<StoredMatchDocument>().notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('event_feeds_event_provider_unique').on(table.eventId, table.provider)],
);

/** What is kept of a parsed match document: what markers and stats are made from. */
export type StoredMatchDocument = Pick<ParsedFeed, 'provider' | 'teams' | 'matchEvents' | 'stats'>;

/** An event's match figures per side (home, away), from its provider's feed. */
export const eventMatchStats = pgTable(
  'event_match_stats',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    side: text('side').$type<MatchSide>().notNull(),
    provider: text('provider').$type<FeedProvider>().notNull(),
    // The team as the feed names it.
    teamName: text('team_name').notNull(),
    stats: jsonb('stats').$type<Partial<Record<FeedStatKey, number>>>().notNull().default({}),
    ...timestamps(),
  },
  (table) => [uniqueIndex('event_match_stats_event_side_unique').on(table.eventId, table.side)],
);
