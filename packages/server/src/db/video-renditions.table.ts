import type { Message } from '@regie/contract/messages';
import type { Aspect, ReframeKeyframe, RenditionState } from '@regie/contract/vertical';
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { videos } from './videos.table.ts';

/**
 * A video in another aspect than its own (issue 42, contract vertical.ts): the crop window's
 * path and the media rendered along it. Files live under the video's folder, one folder per
 * render (`renditions/{slug}/{generation}/`): the generation served stays until a newer one is
 * ready, then goes after REPLACED_MEDIA_KEPT_MS.
 */
export const videoRenditions = pgTable(
  'video_renditions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    aspect: text('aspect').$type<Aspect>().notNull(),
    /** The last render asked for: queued, rendering, ready or failed (never `none`: no row then). */
    state: text('state').$type<Exclude<RenditionState, 'none'>>().notNull().default('queued'),
    /** The analysis's path, kept so that a reset goes back to it without analysing again. */
    autoPath: jsonb('auto_path').$type<ReframeKeyframe[]>(),
    /** The editor's path, when they corrected it: rendered instead of the automatic one. */
    editedPath: jsonb('edited_path').$type<ReframeKeyframe[]>(),
    /** Renders asked for so far: each render's folder is named by its number. */
    requested: integer('requested').notNull().default(0),
    /** The render served (0: none yet), with its files, size and whose path it followed. */
    generation: integer('generation').notNull().default(0),
    hlsKey: text('hls_key'),
    mp4Key: text('mp4_key'),
    posterKey: text('poster_key'),
    width: integer('width'),
    height: integer('height'),
    renderedPath: text('rendered_path').$type<'auto' | 'edited'>(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }),
    /** Why the last render failed: a Message of the contract's catalogs. */
    failureReason: jsonb('failure_reason').$type<Message>(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('video_renditions_video_aspect_idx').on(table.videoId, table.aspect),
    check('video_renditions_state', sql`${table.state} in ('queued', 'rendering', 'ready', 'failed')`),
  ],
);

export type VideoRenditionRow = typeof videoRenditions.$inferSelect;
