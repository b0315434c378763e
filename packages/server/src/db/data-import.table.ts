import type { CsvColumnMapping, FeedProvider } from '@regie/contract/feeds';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { sports } from './sports.table.ts';

/**
 * A CSV document's column mapping, made once by the user and saved per account, provider and
 * sport (issue 25): the import uses it when the call sends none. It goes with its account and
 * its sport.
 */
export const csvMappings = pgTable(
  'csv_mappings',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<FeedProvider>().notNull(),
    sportId: integer('sport_id')
      .notNull()
      .references(() => sports.id, { onDelete: 'cascade' }),
    columns: jsonb('columns').$type<CsvColumnMapping>().notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('csv_mappings_account_provider_sport_unique').on(table.accountId, table.provider, table.sportId),
    index('csv_mappings_sport_id_idx').on(table.sportId),
  ],
);
