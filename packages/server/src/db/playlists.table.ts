import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { videos } from './videos.table.ts';

/** Playlists of an account (contract resources/playlists.ts). */
export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    published: boolean('published').notNull().default(false),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('playlists_account_name_unique').on(table.accountId, table.name),
    index('playlists_account_name_id_idx').on(table.accountId, table.name, table.id),
  ],
);

/**
 * The videos of a playlist, in order (GET /main-api/playlists?expand=[Video], PUT
 * /main-api/playlists/{id}/videos). A video is in a playlist once; the link goes with either
 * side, and carries the account so that both sides can be checked to be the same account's.
 */
export const playlistVideos = pgTable(
  'playlist_videos',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.playlistId, table.videoId] }),
    index('playlist_videos_video_id_idx').on(table.videoId),
    index('playlist_videos_playlist_position_idx').on(table.playlistId, table.position),
  ],
);
