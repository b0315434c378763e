import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';

/** Tags of an account (contract resources/tags.ts). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tagType: text('tag_type').notNull().default('other'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('tags_account_name_type_unique').on(table.accountId, table.name, table.tagType),
    // The default sort and its keyset condition `(name, id) > (…)` within one account.
    index('tags_account_name_id_idx').on(table.accountId, table.name, table.id),
  ],
);
