import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { businessPlayers } from './conferences.table.ts';
import { events } from './events.table.ts';
import { liveInputs } from './live.table.ts';
import { users } from './users.table.ts';
import { videos } from './videos.table.ts';

/**
 * The cameras of an event or a conference (contract cameras.ts): exactly one of `eventId` and
 * `conferenceId` is set. Deleting the content, or the input, removes the camera.
 */
export const contentCameras = pgTable(
  'content_cameras',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    conferenceId: integer('conference_id').references(() => businessPlayers.id, { onDelete: 'cascade' }),
    inputId: integer('input_id')
      .notNull()
      .references(() => liveInputs.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('content_cameras_event_input_idx').on(table.eventId, table.inputId),
    uniqueIndex('content_cameras_conference_input_idx').on(table.conferenceId, table.inputId),
    index('content_cameras_input_idx').on(table.inputId),
    check('content_cameras_one_content', sql`(${table.eventId} is null) <> (${table.conferenceId} is null)`),
  ],
);
export type ContentCameraRow = typeof contentCameras.$inferSelect;

/**
 * The program's switch log: from `at` on, the program shows `inputId` (from its first segment
 * starting at or after `at`). The input is kept even when the camera is removed, so the program's
 * past (the DVR, clips, the replay) does not change.
 */
export const programSwitches = pgTable(
  'program_switches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    conferenceId: integer('conference_id').references(() => businessPlayers.id, { onDelete: 'cascade' }),
    cameraId: integer('camera_id').references(() => contentCameras.id, { onDelete: 'set null' }),
    inputId: integer('input_id')
      .notNull()
      .references(() => liveInputs.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('program_switches_event_at_idx').on(table.eventId, table.at),
    index('program_switches_conference_at_idx').on(table.conferenceId, table.at),
    check('program_switches_one_content', sql`(${table.eventId} is null) <> (${table.conferenceId} is null)`),
  ],
);
export type ProgramSwitchRow = typeof programSwitches.$inferSelect;

/**
 * Each time a content was on air: opened by start-live, closed by process-end-live. Closing it
 * makes its replay (live/replay.service.ts) in the same transaction as the state change, so a
 * live has at most one replay video (unique), and a content at most one open live.
 */
export const contentLives = pgTable(
  'content_lives',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    conferenceId: integer('conference_id').references(() => businessPlayers.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
    replayVideoId: integer('replay_video_id').references(() => videos.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('content_lives_open_event_idx').on(table.eventId).where(sql`${table.endedAt} is null`),
    uniqueIndex('content_lives_open_conference_idx').on(table.conferenceId).where(sql`${table.endedAt} is null`),
    index('content_lives_event_started_idx').on(table.eventId, table.startedAt),
    index('content_lives_conference_started_idx').on(table.conferenceId, table.startedAt),
    uniqueIndex('content_lives_replay_video_idx').on(table.replayVideoId),
    check('content_lives_one_content', sql`(${table.eventId} is null) <> (${table.conferenceId} is null)`),
  ],
);
export type ContentLiveRow = typeof contentLives.$inferSelect;
