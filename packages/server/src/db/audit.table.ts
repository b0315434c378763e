import type { AuditAction, AuditChanges } from '@regie/contract/audit';

import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (contract audit.ts): one row per change, written in the change's transaction.
 * Append-only: the app never updates a row, and deletes only those past their account's retention
 * (audit.prune). No foreign keys: an entry outlives the record, the user and the account it names.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userName: text('user_name'),
    actingAdminId: integer('acting_admin_id'),
    /** Done by a platform administrator: a customer reading the entry does not see its address. */
    byPlatformAdmin: boolean('by_platform_admin').notNull().default(false),
    accountId: integer('account_id'),
    resource: text('resource').notNull(),
    resourceId: bigint('resource_id', { mode: 'number' }),
    action: text('action').$type<AuditAction>().notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => {
    // Newest first is (at DESC, id DESC) (audit.read.ts), and every index ends with (at, id): read
    // backwards, an ascending index gives exactly that order (DESC NULLS FIRST, a plain ORDER BY …
    // DESC), so a page, a period and a deep keyset page read their rows off one index. (The first
    // indexes were declared DESC NULLS LAST, an order no ORDER BY … DESC asks for: the planner read
    // the primary key backwards and filtered instead.) Ascending, a new entry goes to the right end
    // of its index's range, where a B-tree splits pages best.
    const newest = [table.at, table.id] as const;
    return [
      // Every account's (a platform administrator's screen), and a period of them.
      index('audit_entries_at_idx').on(...newest),
      // Keyset pages of an account (and its prune, by date), a record's history, a user's.
      index('audit_entries_account_id_idx').on(table.accountId, ...newest),
      index('audit_entries_record_idx').on(table.accountId, table.resource, table.resourceId, ...newest),
      index('audit_entries_user_id_idx').on(table.userId, ...newest),
      // The screen's resource and action filters within an account (without them a rare value would
      // scan the account's entries from the newest).
      index('audit_entries_account_resource_idx').on(table.accountId, table.resource, ...newest),
      index('audit_entries_account_action_idx').on(table.accountId, table.action, ...newest),
    ];
  },
);
