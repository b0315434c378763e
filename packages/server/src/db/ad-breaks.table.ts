import { index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { events } from './events.table.ts';
import { users } from './users.table.ts';

/**
 * A live event's ad breaks (ADVERTISING, contract advertising.ts): marked in the control room,
 * written into the program's playlists as EXT-X-DATERANGE (SCTE-35 OUT at `starts_at`, IN once
 * `duration_seconds` have passed). Kept with the event: its replay's story of when ads ran.
 */
export const adBreaks = pgTable(
  'ad_breaks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    // Who marked it (the audit trail says it too); a removed user leaves the break.
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A playlist reads an event's breaks around its DVR window.
  (table) => [index('ad_breaks_event_starts_idx').on(table.eventId, table.startsAt)],
);
export type AdBreakRow = typeof adBreaks.$inferSelect;
