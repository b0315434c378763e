import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many write statements each table has seen (resources/list-cache.ts): a statement trigger
 * bumps a table's row in the writing transaction, so a version is committed with its data.
 * The trigger function is migration 0010's; the triggers are installed on the tables kept lists
 * read (list-cache.ts `install`).
 */
export const tableVersions = pgTable('table_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
