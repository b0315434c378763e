import type { GeoRule } from '@regie/contract/geo';
import { LATENCY_MODES, type LatencyMode, LIVE_INPUT_STATES, type LiveInputState } from '@regie/contract/live';
import { CONVERT_ACTIVE_STATES, CONVERT_STATES, type ConvertState } from '@regie/contract/live.convert';
import type { Message } from '@regie/contract/messages';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { timestamps } from './columns.ts';
import { videos } from './videos.table.ts';

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * Live inputs (contract live.ts): where an encoder publishes. The stream key is kept as given
 * out (it is revealed on demand), unique across accounts: the ingest finds the input by it.
 */
export const liveInputs = pgTable(
  'live_inputs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    streamKey: text('stream_key').notNull(),
    latencyMode: text('latency_mode').$type<LatencyMode>().notNull().default('2s'),
    equirectangular: boolean('equirectangular').notNull().default(false),
    /** Its own geo blocking rule in place of the account's (contract geo.ts); null: the account's. */
    geoBlocking: jsonb('geo_blocking').$type<GeoRule>(),
    state: text('state').$type<LiveInputState>().notNull().default('idle'),
    /** Why the input is in error (a Message), null otherwise. */
    stateReason: jsonb('state_reason').$type<Message>(),
    lastLiveAt: timestamp('last_live_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('live_inputs_stream_key_idx').on(table.streamKey),
    index('live_inputs_account_id_idx').on(table.accountId, table.id),
    check('live_inputs_latency_mode_valid', inList('latency_mode', LATENCY_MODES)),
    check('live_inputs_state_valid', inList('state', LIVE_INPUT_STATES)),
  ],
);
export type LiveInputRow = typeof liveInputs.$inferSelect;

/**
 * Every HLS segment a packager finished, in order: live, DVR, clip, program and replay playlists
 * are queries over this index. `discontinuity` marks the first segment of a packager run (a new
 * publish or a restarted packager: timestamps start again).
 */
export const liveSegments = pgTable(
  'live_segments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inputId: integer('input_id')
      .notNull()
      .references(() => liveInputs.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    /** Wall-clock time of the segment's first frame (ffmpeg's program_date_time). */
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull(),
    duration: doublePrecision('duration').notNull(),
    /** Its storage key. */
    path: text('path').notNull(),
    bytes: integer('bytes').notNull(),
    discontinuity: boolean('discontinuity').notNull().default(false),
  },
  (table) => [
    uniqueIndex('live_segments_input_sequence_idx').on(table.inputId, table.sequence),
    index('live_segments_input_started_idx').on(table.inputId, table.startedAt),
  ],
);
export type LiveSegmentRow = typeof liveSegments.$inferSelect;

/** An account's own limit of simultaneous live inputs, when it differs from LIVE_LIMITS'. */
export const liveAccountLimits = pgTable('live_account_limits', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  simultaneousLiveInputs: integer('simultaneous_live_inputs').notNull(),
});

/**
 * A video played into a live input (contract live.convert.ts): what a restart resumes (an active
 * state, from `position_seconds`) and what GET convert/upload/{videoId} reports. At most one
 * active conversion per input.
 */
export const liveConversions = pgTable(
  'live_conversions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    inputId: integer('input_id')
      .notNull()
      .references(() => liveInputs.id, { onDelete: 'cascade' }),
    state: text('state').$type<ConvertState>().notNull().default('starting'),
    positionSeconds: doublePrecision('position_seconds').notNull().default(0),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    restarts: integer('restarts').notNull().default(0),
    /** Why it is retrying or failed (a Message), null otherwise. */
    lastError: jsonb('last_error').$type<Message>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('live_conversions_video_idx').on(table.videoId, table.id),
    uniqueIndex('live_conversions_active_input_idx').on(table.inputId).where(inList('state', CONVERT_ACTIVE_STATES)),
    check('live_conversions_state_valid', inList('state', CONVERT_STATES)),
  ],
);
export type LiveConversionRow = typeof liveConversions.$inferSelect;
