import type { OVERLAY_POSITIONS } from '@regie/contract/resources/clip-skins';
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
import { timestamps } from './columns.ts';

/** Where a skin's overlay sits (the declaration's select). */
type OverlayPosition = (typeof OVERLAY_POSITIONS)[number];

/** Clip skins of an account (contract resources/clip-skins.ts); the three keys are storage keys. */
export const clipSkins = pgTable(
  'clip_skins',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    overlayKey: text('overlay_key'),
    overlayPosition: text('overlay_position').$type<OverlayPosition>().notNull().default('top-right'),
    overlayOpacity: doublePrecision('overlay_opacity').notNull().default(1),
    preRollKey: text('pre_roll_key'),
    postRollKey: text('post_roll_key'),
    rollSeconds: doublePrecision('roll_seconds').notNull().default(2),
    active: boolean('active').notNull().default(true),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('clip_skins_account_name_unique').on(table.accountId, table.name),
    index('clip_skins_account_name_id_idx').on(table.accountId, table.name, table.id),
    check('clip_skins_opacity_range', sql`${table.overlayOpacity} between 0 and 1`),
  ],
);
