import type { FanActivityType } from '@regie/contract/fans';
import type { ProfileRules } from '@regie/contract/fans.schemas';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
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
import { timestamps } from './columns.ts';
import { events } from './events.table.ts';
import { tags } from './tags.table.ts';

/**
 * What the fans list's search looks in (contract fans.ts): email, nickname and full name as one
 * text, so one trigram index (pg_trgm, GIN) answers `ILIKE '%…%'` at any size. The filter and the
 * index use this same expression, or PostgreSQL would not use the index.
 */
export function fanSearchText(table: {
  email: AnyPgColumn;
  nickname: AnyPgColumn;
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
}) {
  return sql`(${table.email} || ' ' || ${table.nickname} || ' ' || ${table.firstName} || ' ' || ${table.lastName})`;
}

/** A fan of one account (contract fans.ts): signs in on the public fan API. */
export const fans = pgTable(
  'fans',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower-cased; unique per account. */
    email: text('email').notNull(),
    /** argon2id (auth/password.service.ts). */
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    country: text('country'),
    language: text('language').notNull().default('en'),
    /** The fan's consents (contract FAN_CONSENTS): given by the fan, recorded or corrected by the CRM. */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    partnersConsent: boolean('partners_consent').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Null until the fan confirms the sign-up's mail: no sign-in before (fans.auth.ts). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the pending sign-up's confirmation code (only the last sign-up's); null once used. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('fans_account_email_unique').on(table.accountId, table.email),
    // The list's keyset (newest first) inside one account.
    index('fans_account_id_idx').on(table.accountId, table.id),
    index('fans_account_active_idx').on(table.accountId, table.lastActiveAt),
    index('fans_account_created_idx').on(table.accountId, table.createdAt),
    uniqueIndex('fans_confirm_token_hash_unique').on(table.confirmTokenHash),
    // The pending fans sweep's (fans.pending-sweep.ts): only sign-ups not confirmed yet.
    index('fans_pending_idx').on(table.confirmExpiresAt).where(sql`${table.confirmedAt} is null`),
    index('fans_search_trgm_idx').using('gin', sql`${fanSearchText(table)} gin_trgm_ops`),
    // Letters only, as the fans' schema takes them: the export writes them without a formula guard.
    check('fans_country_letters', sql`${table.country} ~ '^[A-Z]{2}$'`),
    check('fans_language_letters', sql`${table.language} ~ '^[a-z]{2}$'`),
  ],
);
export type FanRowDb = typeof fans.$inferSelect;

/** A fan's sign-in: only the token's SHA-256 is kept, never looked up by the staff's guard. */
export const fanSessions = pgTable(
  'fan_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('fan_sessions_fan_id_idx').on(table.fanId, table.id)],
);

/** What a fan did, typed (contract FAN_ACTIVITY_TYPES); the games add theirs. */
export const fanActivities = pgTable(
  'fan_activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').$type<FanActivityType>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('fan_activities_fan_id_idx').on(table.fanId, table.id),
    // The dashboard's active fans: an account's activities over a period.
    index('fan_activities_account_at_idx').on(table.accountId, table.at),
    // Most activities name no event (sign-ups, sign-ins, purchases): only the others are indexed.
    index('fan_activities_event_idx').on(table.eventId).where(sql`${table.eventId} is not null`),
  ],
);

/** The account's tags (resource `tags`) put on fans. */
export const fanTags = pgTable(
  'fan_tags',
  {
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.fanId, table.tagId] }),
    index('fan_tags_tag_idx').on(table.tagId, table.fanId),
  ],
);

/** A segment of the account's fans: members by hand and by rules (contract fans.ts). */
export const fanProfiles = pgTable(
  'fan_profiles',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rules: jsonb('rules')
      .$type<ProfileRules>()
      .notNull()
      .default(sql`'{"tagIds":[],"activeWithinDays":null,"productIds":[]}'::jsonb`),
    ...timestamps(),
  },
  (table) => [uniqueIndex('fan_profiles_account_name_unique').on(table.accountId, table.name)],
);
export type FanProfileRow = typeof fanProfiles.$inferSelect;

/** Fans added to a profile by hand (POST fans/{id}/profiles/{profileId}). */
export const fanProfileMembers = pgTable(
  'fan_profile_members',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => fanProfiles.id, { onDelete: 'cascade' }),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.profileId, table.fanId] }),
    index('fan_profile_members_fan_idx').on(table.fanId),
  ],
);
