import { EVENT_STATES, type EventState } from '@regie/contract/resources/events';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { markerTypes } from './marker-types.table.ts';
import { sports } from './sports.table.ts';
import { videos } from './videos.table.ts';

/** Sport events of an account (contract resources/events.ts): what clips are cut from so far. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    state: text('state').$type<EventState>().notNull().default('replay'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    // A sport used by events cannot be deleted (409), as with marker types.
    sportId: integer('sport_id').references(() => sports.id, { onDelete: 'restrict' }),
    // The replay may be deleted: the event stays, without a video to clip.
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    activatedModules: text('activated_modules').array().notNull().default([]),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    // The default sort (newest first) and its keyset condition within one account.
    index('events_account_created_id_idx').on(table.accountId, table.createdAt, table.id),
    index('events_sport_id_idx').on(table.sportId),
    index('events_video_id_idx').on(table.videoId),
    check('events_state_valid', sql.raw(`state in (${EVENT_STATES.map((state) => `'${state}'`).join(', ')})`)),
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
  ],
);
