import type { FeedProvider, FeedScore } from '@regie/contract/feeds';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { challengers } from './actors.table.ts';
import { timestamps } from './columns.ts';
import { rounds, seasons } from './competitions.table.ts';
import { events } from './events.table.ts';

/** The kinds of records an import makes or updates, each keeping the provider's id for it. */
export const PROVIDER_REF_ENTITIES = ['competition', 'season', 'round', 'challenger', 'fixture', 'event'] as const;
export type ProviderRefEntity = (typeof PROVIDER_REF_ENTITIES)[number];

/**
 * The provider's id of every imported record (issue 25: "provider ids are kept on every imported
 * record"): one row per (account, provider, kind, provider id) naming the Regie record. A
 * re-import finds its records here, so it updates in place and never duplicates; `digest` is the
 * imported content's hash, so an unchanged record is counted unchanged and not written. The row
 * goes with its account; a record deleted in Regie leaves a row naming a missing id, which the
 * next import treats as absent (and makes again).
 */
export const providerRefs = pgTable(
  'provider_refs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<FeedProvider | 'generator'>().notNull(),
    entity: text('entity').$type<ProviderRefEntity>().notNull(),
    providerId: text('provider_id').notNull(),
    recordId: integer('record_id').notNull(),
    digest: text('digest'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('provider_refs_account_provider_entity_id_unique').on(
      table.accountId,
      table.provider,
      table.entity,
      table.providerId,
    ),
    index('provider_refs_entity_record_idx').on(table.entity, table.recordId),
  ],
);

/**
 * A season's fixtures (issue 25): imported from a feed, or made by the round-robin generator
 * (`provider` 'generator'), before and after they become events. Generating the season's events
 * makes one event per fixture and links it here (`eventId`), so generating again changes nothing;
 * a re-import that moves a fixture moves its event too. They go with their season.
 */
export const seasonFixtures = pgTable(
  'season_fixtures',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    roundId: integer('round_id').references(() => rounds.id, { onDelete: 'set null' }),
    provider: text('provider').$type<FeedProvider | 'generator'>().notNull(),
    providerId: text('provider_id').notNull(),
    homeChallengerId: integer('home_challenger_id').references(() => challengers.id, { onDelete: 'set null' }),
    awayChallengerId: integer('away_challenger_id').references(() => challengers.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    // The document gave a date without a kick-off time.
    dateOnly: boolean('date_only').notNull().default(false),
    venue: text('venue').notNull().default(''),
    score: jsonb('score').$type<FeedScore>(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('season_fixtures_account_provider_id_unique').on(table.accountId, table.provider, table.providerId),
    index('season_fixtures_season_starts_id_idx').on(table.seasonId, table.startsAt, table.id),
    index('season_fixtures_round_id_idx').on(table.roundId),
    index('season_fixtures_event_id_idx').on(table.eventId),
    index('season_fixtures_home_challenger_id_idx').on(table.homeChallengerId),
    index('season_fixtures_away_challenger_id_idx').on(table.awayChallengerId),
    check(
      'season_fixtures_two_sides',
      sql`${table.homeChallengerId} is null or ${table.homeChallengerId} is distinct from ${table.awayChallengerId}`,
    ),
  ],
);
