import { z } from 'zod';
import { MAIN_API } from '../api.ts';
import { messageCatalog, refineMessage } from '../messages.ts';
import { imageKey } from '../uploads.schemas.ts';
import { defineResource } from './define.ts';
import { CONTENT_RULE, registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

export const PLAYLIST_NAME_MAX = 80;
export const PLAYLIST_DESCRIPTION_MAX = 500;

/**
 * Playlists (menu account/playlists). Their videos are kept in order in playlist_videos;
 * GET /main-api/playlists?expand=[Video] includes them (spec §7), PUT {id}/videos sets them.
 */
export const playlistsResource = defineResource({
  name: 'playlists',
  gateway: 'main',
  labelKey: 'resource.playlists',
  fields: z.object({
    name: z.string().trim().min(1).max(PLAYLIST_NAME_MAX),
    description: z.string().trim().max(PLAYLIST_DESCRIPTION_MAX).default(''),
    /** An uploaded image key (kind 'picture'). */
    image: imageKey.nullable().default(null),
    published: z.boolean().default(false),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: PLAYLIST_NAME_MAX },
    description: { widget: 'limitedText', textLimit: PLAYLIST_DESCRIPTION_MAX },
    image: { widget: 'image', imageKind: 'picture' },
    published: { widget: 'switch' },
  },
  columns: ['name', 'image', 'published', 'updatedAt'],
  filters: ['published'],
  sortable: ['name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  search: ['name', 'description'],
  translatable: ['name', 'description'],
  unique: [['name']],
  relations: { Video: { resource: 'videos', kind: 'manyToMany', through: 'playlist_videos' } },
  access: { read: CONTENT_RULE, write: registeredWriteRule('playlists') },
  tenancy: 'account',
});

/** Most videos one playlist holds. */
export const PLAYLIST_VIDEOS_MAX = 500;

/** PUT: the playlist's videos, in their order (adding, removing and reordering are one call). */
export const playlistVideosPath = (playlistId: number | string) => `${MAIN_API}/playlists/${playlistId}/videos`;

export const PLAYLIST_VIDEO_MESSAGES = messageCatalog('PLAYLIST_VIDEO_MESSAGES', {
  twice: (videoId: number) => `Video ${videoId} is listed twice`,
  unknownVideo: (videoId: number) => `No video ${videoId} in this account`,
});

export const playlistVideosBody = z
  .object({ videoIds: z.array(referenceId).max(PLAYLIST_VIDEOS_MAX) })
  .strict()
  .superRefine((body, context) => {
    const seen = new Set<number>();
    body.videoIds.forEach((videoId, index) => {
      if (seen.has(videoId)) {
        context.addIssue({
          code: 'custom',
          path: ['videoIds', index],
          ...refineMessage(PLAYLIST_VIDEO_MESSAGES.twice(videoId)),
        });
      }
      seen.add(videoId);
    });
  });
export type PlaylistVideosBody = z.infer<typeof playlistVideosBody>;
