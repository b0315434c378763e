import type { Message } from '@regie/contract/messages';
import {
  SIMULCAST_PROVIDERS,
  SIMULCAST_STATES,
  type SimulcastProvider,
  type SimulcastState,
  TARGET_STATUSES,
  type TargetStatus,
} from '@regie/contract/simulcast';
import { sql } from 'drizzle-orm';
import {
  bigserial,
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
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { liveInputs } from './live.table.ts';

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * A simulcast (contract simulcast.ts): one source restreamed to targets. `input_id` names one of
 * the account's live inputs (live.table.ts); null until one is chosen.
 */
export const simulcasts = pgTable(
  'simulcasts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // The live input it restreams; an input deleted leaves the simulcast without a source.
    inputId: integer('input_id').references(() => liveInputs.id, { onDelete: 'set null' }),
    provider: text('provider').$type<SimulcastProvider>().notNull().default('local'),
    state: text('state').$type<SimulcastState>().notNull().default('idle'),
    /** The MediaLive channel and input running it (aws simulcasts on the cloud service). */
    cloudChannelId: text('cloud_channel_id'),
    cloudInputId: text('cloud_input_id'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    index('simulcasts_account_id_idx').on(table.accountId, table.state),
    check('simulcasts_provider_valid', inList('provider', SIMULCAST_PROVIDERS)),
    check('simulcasts_state_valid', inList('state', SIMULCAST_STATES)),
  ],
);
export type SimulcastRow = typeof simulcasts.$inferSelect;

/**
 * A target of a simulcast. `stream_key` is never sent back (the API gives a hint). `running` is
 * what the operator asked for (a restarted server resumes those targets); `status` and the stats
 * are what the engine last saw.
 */
export const simulcastTargets = pgTable(
  'simulcast_targets',
  {
    id: serial('id').primaryKey(),
    simulcastId: integer('simulcast_id')
      .notNull()
      .references(() => simulcasts.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    streamKey: text('stream_key').notNull(),
    running: boolean('running').notNull().default(false),
    status: text('status').$type<TargetStatus>().notNull().default('idle'),
    bitrateKbps: doublePrecision('bitrate_kbps'),
    liveSince: timestamp('live_since', { withTimezone: true }),
    restarts: integer('restarts').notNull().default(0),
    lastError: jsonb('last_error').$type<Message>(),
    ...timestamps(),
  },
  (table) => [
    index('simulcast_targets_simulcast_id_idx').on(table.simulcastId, table.id),
    index('simulcast_targets_running_idx').on(table.running),
    check('simulcast_targets_status_valid', inList('status', TARGET_STATUSES)),
  ],
);
export type SimulcastTargetRow = typeof simulcastTargets.$inferSelect;

/** A target's bitrate over time (one sample every few seconds while it runs), for the stats tab. */
export const simulcastSamples = pgTable(
  'simulcast_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    targetId: integer('target_id')
      .notNull()
      .references(() => simulcastTargets.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    bitrateKbps: doublePrecision('bitrate_kbps').notNull(),
  },
  (table) => [index('simulcast_samples_target_at_idx').on(table.targetId, table.at)],
);
