import { LATENCY_MODES, type LatencyMode, LIVE_INPUT_STATES, type LiveInputState } from '@regie/contract/live';
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
