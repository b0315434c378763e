import { type ChatMessageState, MESSAGE_STATES } from '@regie/contract/chat';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { events } from './events.table.ts';

/** The chat of a sport event (contract chat.ts): made on first use, gone with its event. */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
    /** The event's own word filter, normalised (contract cleanWordList). */
    blockedWords: text('blocked_words').array().notNull().default([]),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('chats_event_id_idx').on(table.eventId),
    index('chats_account_id_idx').on(table.accountId),
    check('chats_slow_mode_positive', sql`${table.slowModeSeconds} >= 0`),
  ],
);
export type ChatRow = typeof chats.$inferSelect;

/** The account's word filter, applied to every chat of the account. */
export const chatWordFilters = pgTable('chat_word_filters', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  words: text('words').array().notNull().default([]),
  ...timestamps(),
});

/**
 * A fan of one chat, known by the viewer id of their signed viewer token (contract chat.ts): their
 * last post (slow mode) and its address, their ban. A ban keeps the address of the latest post
 * (`banned_address`): new viewers from it cannot post in the chat while the ban stands. Addresses
 * live as long as the chat (gone with its event). `fanId` is for the fans CRM's record, once fans
 * sign in.
 */
export const chatFans = pgTable(
  'chat_fans',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    viewerId: text('viewer_id').notNull(),
    fanId: integer('fan_id'),
    nickname: text('nickname').notNull(),
    lastPostedAt: timestamp('last_posted_at', { withTimezone: true }),
    /** The address (as the server sees it, trust-proxy applied) of the fan's latest post. */
    lastAddress: text('last_address'),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** The address banned with the fan (their latest post's), null when not banned. */
    bannedAddress: text('banned_address'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('chat_fans_chat_viewer_idx').on(table.chatId, table.viewerId),
    index('chat_fans_account_id_idx').on(table.accountId),
    index('chat_fans_fan_id_idx').on(table.fanId),
    // Each post asks whether its address is banned in its chat: the few banned rows only.
    index('chat_fans_banned_address_idx')
      .on(table.chatId, table.bannedAddress)
      .where(sql`${table.bannedAddress} is not null`),
  ],
);
export type ChatFanRow = typeof chatFans.$inferSelect;

/** A message of a chat: shown to fans while visible; pinned ones are shown above the others. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    chatFanId: integer('chat_fan_id')
      .notNull()
      .references(() => chatFans.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    text: text('text').notNull(),
    state: text('state').$type<ChatMessageState>().notNull().default('visible'),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    index('chat_messages_chat_id_idx').on(table.chatId, table.id),
    index('chat_messages_chat_state_id_idx').on(table.chatId, table.state, table.id),
    index('chat_messages_chat_fan_id_idx').on(table.chatFanId),
    index('chat_messages_account_id_idx').on(table.accountId),
    check('chat_messages_state_valid', sql.raw(`state in (${MESSAGE_STATES.map((state) => `'${state}'`).join(', ')})`)),
  ],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
