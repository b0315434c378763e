import type { FeedProvider } from '@regie/contract/feeds';
import type { GeoRule } from '@regie/contract/geo';
import type { PeriodStart } from '@regie/contract/match-clock';
import type { MatchSide } from '@regie/contract/match-events';
import { EVENT_STATES, type EventState } from '@regie/contract/resources/events';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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
import { competitions, rounds, seasons } from './competitions.table.ts';
import { markerTypes } from './marker-types.table.ts';
import { sports } from './sports.table.ts';
import { themes } from './themes.table.ts';
import { videos } from './videos.table.ts';

/**
 * Sport events of an account (contract resources/events.ts). References to the account's sport
 * data, challengers, theme and replay are cleared when those go (the event stays), except the
 * sport: a sport used by events cannot be deleted (409), as with marker types.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    state: text('state').$type<EventState>().notNull().default('replay'),
    // The list sorts by it: keyset paging needs it on every row.
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sportId: integer('sport_id').references(() => sports.id, { onDelete: 'restrict' }),
    competitionId: integer('competition_id').references(() => competitions.id, { onDelete: 'set null' }),
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'set null' }),
    roundId: integer('round_id').references(() => rounds.id, { onDelete: 'set null' }),
    venue: text('venue').notNull().default(''),
    homeChallengerId: integer('home_challenger_id').references(() => challengers.id, { onDelete: 'set null' }),
    awayChallengerId: integer('away_challenger_id').references(() => challengers.id, { onDelete: 'set null' }),
    poster: text('poster'),
    // The replay may be deleted: the event stays, without a video to clip.
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    published: boolean('published').notNull().default(false),
    activatedModules: text('activated_modules').array().notNull().default([]),
    /** Its own geo blocking rule in place of the account's (contract geo.ts); null: the account's. */
    geoBlocking: jsonb('geo_blocking').$type<GeoRule>(),
    /** RESTRAINED_ACCESS: for the club's signed-in fans only. */
    fansOnly: boolean('fans_only').notNull().default(false),
    /** ADVERTISING: its own VAST or VMAP tag in place of the account's (contract advertising.ts); null: the account's. */
    adTagUrl: text('ad_tag_url'),
    // The match clock (contract match-clock.ts): where each period kicks off in the video.
    periods: jsonb('periods').$type<PeriodStart[]>().notNull().default([]),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    // The default sort (latest start first) and its keyset condition within one account.
    index('events_account_starts_id_idx').on(table.accountId, table.startsAt, table.id),
    index('events_account_created_id_idx').on(table.accountId, table.createdAt, table.id),
    index('events_sport_id_idx').on(table.sportId),
    index('events_video_id_idx').on(table.videoId),
    index('events_competition_id_idx').on(table.competitionId),
    index('events_season_id_idx').on(table.seasonId),
    index('events_round_id_idx').on(table.roundId),
    index('events_home_challenger_id_idx').on(table.homeChallengerId),
    index('events_away_challenger_id_idx').on(table.awayChallengerId),
    index('events_theme_id_idx').on(table.themeId),
    check('events_state_valid', sql.raw(`state in (${EVENT_STATES.map((state) => `'${state}'`).join(', ')})`)),
    check('events_ends_after_start', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
  ],
);

/** Markers on an event's timeline (/events/{id}/markers); they go with their event. */
export const markers = pgTable(
  'markers',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    // A marker type in use cannot be deleted (409): the markers would lose what they mean.
    markerTypeId: integer('marker_type_id').references(() => markerTypes.id, { onDelete: 'restrict' }),
    label: text('label').notNull().default(''),
    timeSeconds: doublePrecision('time_seconds').notNull(),
    durationSeconds: doublePrecision('duration_seconds'),
    // An imported match event (issue 25): its place on the match clock, which moves the marker
    // when the event's periods change, and the provider's id for it, which makes re-imports
    // updates (null for a marker made by hand).
    period: integer('period'),
    periodSeconds: doublePrecision('period_seconds'),
    provider: text('provider').$type<FeedProvider>(),
    providerEventId: text('provider_event_id'),
    feedKey: text('feed_key'),
    // Whose match event it is and who, as the feed says (null by hand): a caption's {score} and {player}.
    teamSide: text('team_side').$type<MatchSide>(),
    personName: text('person_name'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    index('markers_event_time_id_idx').on(table.eventId, table.timeSeconds, table.id),
    index('markers_account_id_idx').on(table.accountId),
    index('markers_marker_type_id_idx').on(table.markerTypeId),
    check('markers_time_positive', sql`${table.timeSeconds} >= 0`),
    uniqueIndex('markers_event_provider_event_unique')
      .on(table.eventId, table.provider, table.providerEventId)
      .where(sql`${table.provider} is not null`),
  ],
);
