import { boolean, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';

/** FAQ entries (contract resources/faq.ts): without an account they are the platform's, read by everyone. */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: serial('id').primaryKey(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    // One question per account, and one among the platform's own (NULL account) entries.
    unique('faq_entries_account_question_unique').on(table.accountId, table.question).nullsNotDistinct(),
    index('faq_entries_account_position_id_idx').on(table.accountId, table.position, table.id),
  ],
);
