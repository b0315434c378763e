import { playlistsResource } from '@regie/contract/resources/playlists';
import { playlists, playlistVideos } from '../db/playlists.table.ts';
import { deleteItemLinks } from '../resources/item-links.ts';
import { resourceEntry } from '../resources/resources.types.ts';
import { CATEGORY_ITEM_LINKS } from './category-items.ts';

/** Playlists: their videos are read through playlist_videos (expand=[Video]), in the playlist's order. */
export const playlistsEntry = resourceEntry({
  definition: playlistsResource,
  table: playlists,
  joins: [
    {
      table: playlistVideos,
      owner: playlistVideos.playlistId,
      target: playlistVideos.videoId,
      position: playlistVideos.position,
    },
  ],
  hooks: {
    // A deleted playlist leaves the categories that showed it.
    beforeDelete: (row, { db }) => deleteItemLinks(db, CATEGORY_ITEM_LINKS, 'playlist', row.id),
  },
});
