import type { RepostOutcome } from '@regie/contract/reposts';
import type { ShareTarget } from '@regie/contract/videos';
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { events } from './events.table.ts';
import { jobs } from './jobs.table.ts';
import { users } from './users.table.ts';
import { videos } from './videos.table.ts';

/** One target of a repost of an event (contract reposts.ts), with the share job it queued. */
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
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('event_reposts_event_id_idx').on(table.eventId, table.id),
    index('event_reposts_account_id_idx').on(table.accountId),
  ],
);
