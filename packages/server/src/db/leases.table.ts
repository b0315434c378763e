import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Leases of the long-running engines (issue 27, cluster/leases.ts): who runs each one now. One row
 * per engine instance (`simulcast-target:12`, `conversion:7`…), taken by one process at a time;
 * `token` grows at every change of holder (the fencing token: a write carrying an older token is
 * refused). Times are the database's, so machines with skewed clocks agree on expiry.
 */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  /** The process holding it (cluster/node-id.ts: host, pid and a random part, new at every start). */
  holder: text('holder').notNull(),
  token: bigint('token', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
  renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
});
