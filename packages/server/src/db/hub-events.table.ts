import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Realtime events too large for a PostgreSQL NOTIFY payload (8000 bytes), kept briefly so every
 * listening process reads them by id (realtime.postgres.ts); pruned after a minute.
 */
export const hubEvents = pgTable(
  'hub_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The event's JSON envelope ({topic, event}), as published. */
    envelope: text('envelope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('hub_events_created_at_idx').on(table.createdAt)],
);
