import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { languages } from './reference.table.ts';

/**
 * Per-language values of any resource's translatable fields ({res}/{id}/translations). One table
 * for every resource; the engine removes a record's translations with the record.
 */
export const translations = pgTable(
  'translations',
  {
    id: serial('id').primaryKey(),
    /** The resource's `name` ('tags'). */
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id, { onDelete: 'cascade' }),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    ...timestamps(),
  },
  (table) => [uniqueIndex('translations_record_language_unique').on(table.resource, table.recordId, table.languageId)],
);
