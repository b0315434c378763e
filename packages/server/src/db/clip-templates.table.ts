import type { Aspect } from '@regie/contract/vertical';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { clipSkins } from './clip-skins.table.ts';
import { timestamps } from './columns.ts';

/** Clip templates of an account (contract resources/clip-templates.ts). */
export const clipTemplates = pgTable(
  'clip_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // The skin may be deleted: the template keeps its timings, without a skin.
    clipSkinId: integer('clip_skin_id').references(() => clipSkins.id, { onDelete: 'set null' }),
    secondsBefore: doublePrecision('seconds_before').notNull().default(10),
    secondsAfter: doublePrecision('seconds_after').notNull().default(5),
    isDefault: boolean('is_default').notNull().default(false),
    /** The other aspects its clips are rendered in once encoded (issue 42, contract vertical.ts). */
    aspects: text('aspects').array().$type<Aspect[]>().notNull().default([]),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('clip_templates_account_name_unique').on(table.accountId, table.name),
    index('clip_templates_account_name_id_idx').on(table.accountId, table.name, table.id),
    // At most one default per account; the resource's hook clears the others before this bites.
    uniqueIndex('clip_templates_account_default_unique').on(table.accountId).where(sql`${table.isDefault}`),
    index('clip_templates_clip_skin_id_idx').on(table.clipSkinId),
    check(
      'clip_templates_seconds_range',
      sql`${table.secondsBefore} between 0 and 120 and ${table.secondsAfter} between 0 and 120`,
    ),
  ],
);
