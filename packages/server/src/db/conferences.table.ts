import type { GeoRule } from '@regie/contract/geo';
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
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { speakers } from './actors.table.ts';
import { timestamps } from './columns.ts';
import { themes } from './themes.table.ts';
import { videos } from './videos.table.ts';

/** Conferences of an account (contract resources/business-players.ts). */
export const businessPlayers = pgTable(
  'business_players',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    venue: text('venue').notNull().default(''),
    state: text('state').$type<EventState>().notNull().default('replay'),
    // The replay may be deleted: the conference stays, its chapters wait for another video.
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    poster: text('poster'),
    themeId: integer('theme_id').references(() => themes.id, { onDelete: 'set null' }),
    published: boolean('published').notNull().default(false),
    /** Its own geo blocking rule in place of the account's (contract geo.ts); null: the account's. */
    geoBlocking: jsonb('geo_blocking').$type<GeoRule>(),
    /** RESTRAINED_ACCESS: for the club's signed-in fans only. */
    fansOnly: boolean('fans_only').notNull().default(false),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    // The default sort (latest start first) and its keyset condition within one account.
    index('business_players_account_starts_id_idx').on(table.accountId, table.startsAt, table.id),
    index('business_players_video_id_idx').on(table.videoId),
    index('business_players_theme_id_idx').on(table.themeId),
    check(
      'business_players_state_valid',
      sql.raw(`state in (${EVENT_STATES.map((state) => `'${state}'`).join(', ')})`),
    ),
  ],
);

/** The speakers of a conference, in the order shown (PATCH …/relationships/speakers). */
export const businessPlayerSpeakers = pgTable(
  'business_player_speakers',
  {
    businessPlayerId: integer('business_player_id')
      .notNull()
      .references(() => businessPlayers.id, { onDelete: 'cascade' }),
    speakerId: integer('speaker_id')
      .notNull()
      .references(() => speakers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.businessPlayerId, table.speakerId] }),
    index('business_player_speakers_speaker_id_idx').on(table.speakerId),
    index('business_player_speakers_position_idx').on(table.businessPlayerId, table.position),
  ],
);

/** Chapters of a conference's replay video; they go with their conference. */
export const businessPlayerChapters = pgTable(
  'business_player_chapters',
  {
    id: serial('id').primaryKey(),
    businessPlayerId: integer('business_player_id')
      .notNull()
      .references(() => businessPlayers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startSeconds: doublePrecision('start_seconds').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    index('business_player_chapters_player_start_idx').on(table.businessPlayerId, table.startSeconds, table.id),
    index('business_player_chapters_account_id_idx').on(table.accountId),
    check('business_player_chapters_start_positive', sql`${table.startSeconds} >= 0`),
  ],
);

/**
 * The clips cut from a conference (GET …/clips): the clip is a video (clip engine); this says
 * which conference, and which chapter when it was cut from one. A deleted clip video leaves.
 */
export const businessPlayerClips = pgTable(
  'business_player_clips',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    businessPlayerId: integer('business_player_id')
      .notNull()
      .references(() => businessPlayers.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id').references(() => businessPlayerChapters.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('business_player_clips_player_video_idx').on(table.businessPlayerId, table.videoId),
    index('business_player_clips_chapter_id_idx').on(table.chapterId),
  ],
);
