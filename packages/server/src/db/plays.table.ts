import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { events } from './events.table.ts';
import { videos } from './videos.table.ts';

/**
 * Plays reported by the public embed player (src/embed): one row per page view that started
 * playback. `viewId` is the page view's own random id, unique, so a retry counts once. The
 * event is kept when the play came from an event's page, so its stats find it directly.
 */
export const plays = pgTable(
  'plays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    viewId: text('view_id').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('plays_view_id_idx').on(table.viewId),
    // The dashboard's and the stats' scans: an account's or a video's plays by time.
    index('plays_account_played_at_idx').on(table.accountId, table.playedAt),
    index('plays_video_played_at_idx').on(table.videoId, table.playedAt),
    index('plays_event_id_idx').on(table.eventId),
  ],
);

/**
 * Downloads of a video's MP4 started from the embed (DOWNLOAD, contract videos.ts DOWNLOAD_FILE):
 * one row per download begun (a resumed one, a Range past the start, counts none), for the stats.
 */
export const videoDownloads = pgTable(
  'video_downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('video_downloads_video_at_idx').on(table.videoId, table.downloadedAt)],
);
