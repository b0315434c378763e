import type { Message } from '@regie/contract/messages';
import type { RepostOutcome } from '@regie/contract/reposts';
import type { ShareTarget } from '@regie/contract/videos';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { events } from './events.table.ts';
import { publications } from './publications.table.ts';
import { users } from './users.table.ts';
import { videos } from './videos.table.ts';

/**
 * One target of a repost of an event (contract reposts.ts): the publication it made, or why it
 * was refused (the publication's messages).
 */
export const eventReposts = pgTable(
  'event_reposts',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    target: text('target').$type<ShareTarget>().notNull(),
    outcome: text('outcome').$type<RepostOutcome>().notNull(),
    message: text('message'),
    publicationId: integer('publication_id').references(() => publications.id, { onDelete: 'set null' }),
    reasons: jsonb('reasons').$type<Message[]>().notNull().default([]),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('event_reposts_event_id_idx').on(table.eventId, table.id),
    index('event_reposts_account_id_idx').on(table.accountId),
    index('event_reposts_publication_id_idx').on(table.publicationId),
  ],
);
