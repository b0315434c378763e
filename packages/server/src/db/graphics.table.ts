import { GRAPHIC_KINDS, GRAPHIC_POSITIONS, type GraphicKind, type GraphicPosition } from '@regie/contract/graphics';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { events } from './events.table.ts';
import { videos } from './videos.table.ts';

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/** Graphics of an event (contract graphics.ts): images placed over the video, burnt into clips. */
export const eventGraphics = pgTable(
  'event_graphics',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<GraphicKind>().notNull(),
    imageKey: text('image_key').notNull(),
    position: text('position').$type<GraphicPosition>().notNull(),
    widthPercent: doublePrecision('width_percent').notNull(),
    marginPercent: doublePrecision('margin_percent').notNull(),
    opacity: doublePrecision('opacity').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    index('event_graphics_event_id_idx').on(table.eventId, table.id),
    index('event_graphics_account_id_idx').on(table.accountId),
    check('event_graphics_kind_valid', inList('kind', GRAPHIC_KINDS)),
    check('event_graphics_position_valid', inList('position', GRAPHIC_POSITIONS)),
  ],
);
export type GraphicRow = typeof eventGraphics.$inferSelect;

/**
 * The graphics a clip video burns in, in order. A graphic deleted before the clip is cut is
 * simply left out (the clip job reads what remains).
 */
export const clipGraphics = pgTable(
  'clip_graphics',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    graphicId: integer('graphic_id')
      .notNull()
      .references(() => eventGraphics.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.videoId, table.graphicId] }),
    index('clip_graphics_graphic_id_idx').on(table.graphicId),
  ],
);
