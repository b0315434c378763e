import type { DataProviderMappingEntity, SubscriptionStatus } from '@regie/contract/data-provider-subscriptions';
import type { FeedProvider } from '@regie/contract/feeds';
import type { Message } from '@regie/contract/messages';
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
import { timestamps } from './columns.ts';
import { sports } from './sports.table.ts';

/**
 * Data provider mappings (issue 25 point 3): one of the account's competitions, seasons or events
 * tied to the provider's id for it (a StatsBomb match id, an openfootball season file). The
 * record is named by kind and id (`recordId`); it is checked to be the account's when the mapping
 * is made. A record deleted later leaves its mapping, whose subscriptions then stop polling (the
 * poll joins the record). They go with their account.
 */
export const dataProviderMappings = pgTable(
  'data_provider_mappings',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<FeedProvider>().notNull(),
    sportId: integer('sport_id').references(() => sports.id, { onDelete: 'set null' }),
    entity: text('entity').$type<DataProviderMappingEntity>().notNull(),
    recordId: integer('record_id').notNull(),
    providerId: text('provider_id').notNull(),
    label: text('label').notNull().default(''),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('data_provider_mappings_record_unique').on(
      table.accountId,
      table.provider,
      table.entity,
      table.recordId,
    ),
    index('data_provider_mappings_entity_record_idx').on(table.entity, table.recordId),
    index('data_provider_mappings_sport_id_idx').on(table.sportId),
  ],
);

/**
 * A mapping's feed subscriptions (spec §7 data-provider-mapping/{id}/subscriptions): the URL
 * polled every `intervalSeconds` while the mapped event is on. `username` and `password` are
 * sealed with AES-256-GCM (data-providers/credentials.ts): `iv.ciphertext+tag`, base64url, never
 * the plain text. `nextPollAt` is the claim: a poller moves it one interval ahead in the same
 * statement that picks the row (FOR UPDATE SKIP LOCKED), so two workers never poll one feed at
 * once and a restart resumes where the table says.
 */
export const dataProviderSubscriptions = pgTable(
  'data_provider_subscriptions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mappingId: integer('mapping_id')
      .notNull()
      .references(() => dataProviderMappings.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    usernameSealed: text('username_sealed'),
    passwordSealed: text('password_sealed'),
    intervalSeconds: integer('interval_seconds').notNull().default(30),
    active: boolean('active').notNull().default(true),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    lastStatus: text('last_status').$type<SubscriptionStatus>(),
    lastError: jsonb('last_error').$type<Message>(),
    lastDigest: text('last_digest'),
    /** What the last applied document changed: markers created, updated, unchanged. */
    lastCreated: integer('last_created').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    index('data_provider_subscriptions_mapping_id_idx').on(table.mappingId),
    index('data_provider_subscriptions_due_idx').on(table.nextPollAt).where(sql`${table.active}`),
    index('data_provider_subscriptions_account_id_idx').on(table.accountId),
    check('data_provider_subscriptions_interval_min', sql`${table.intervalSeconds} >= 5`),
  ],
);

export type DataProviderMappingRow = typeof dataProviderMappings.$inferSelect;
export type DataProviderSubscriptionRow = typeof dataProviderSubscriptions.$inferSelect;
