import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { accounts, groups } from './accounts.table.ts';
import { timestamps } from './columns.ts';

/** Social accounts linked to a user, as stored (only presence is ever sent out). */
export interface StoredOauth {
  facebook?: { accessToken: string; pageId?: string | null };
  dailymotion?: { accessToken: string };
  twitter?: { accessToken: string; tokenSecret: string };
  google?: { accessToken: string; refreshToken: string };
}

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lowercased so the unique index makes usernames case-insensitive. */
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    accessLevel: integer('access_level').notNull().default(0),
    // An account with users cannot be deleted (409): remove or move its users first.
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** A disabled user keeps their records but can neither sign in nor use an open session. */
    disabled: boolean('disabled').notNull().default(false),
    oauth: jsonb('oauth').$type<StoredOauth>().notNull().default({}),
    ...timestamps(),
  },
  (table) => [
    index('users_account_id_idx').on(table.accountId),
    check('users_username_lowercase', sql`${table.username} = lower(${table.username})`),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.groupId] }),
    index('user_groups_group_id_idx').on(table.groupId),
  ],
);
