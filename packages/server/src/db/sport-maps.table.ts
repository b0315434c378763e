import type { MapZone } from '@regie/contract/sport-maps';
import { doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { sports } from './sports.table.ts';

/**
 * The field map of a sport (contract sport-maps.ts), at most one; it belongs to whoever owns the
 * sport, and goes with it.
 */
export const sportMaps = pgTable('sport_maps', {
  sportId: integer('sport_id')
    .primaryKey()
    .references(() => sports.id, { onDelete: 'cascade' }),
  /** An uploaded image key; null: the sport's default drawing. */
  background: text('background'),
  lengthMeters: doublePrecision('length_meters').notNull(),
  widthMeters: doublePrecision('width_meters').notNull(),
  zones: jsonb('zones').$type<MapZone[]>().notNull().default([]),
  ...timestamps(),
});
