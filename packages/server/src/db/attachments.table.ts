import type { AttachmentContentType } from '@regie/contract/attachments';
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { events } from './events.table.ts';
import { users } from './users.table.ts';

/** Documents and images attached to an event (contract attachments.ts); the file is in storage at `storageKey`. */
export const eventAttachments = pgTable(
  'event_attachments',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').$type<AttachmentContentType>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('event_attachments_event_id_idx').on(table.eventId, table.createdAt),
    index('event_attachments_account_id_idx').on(table.accountId),
  ],
);
export type AttachmentRow = typeof eventAttachments.$inferSelect;
