import { z } from 'zod';
import { imageKey } from '../uploads.schemas.ts';
import { CONTENT_RULE } from './categories.ts';
import { defineResource } from './define.ts';

export const PLAYLIST_NAME_MAX = 80;
export const PLAYLIST_DESCRIPTION_MAX = 500;

/**
 * Playlists (menu account/playlists). Their videos are kept in order in playlist_videos;
 * GET /main-api/playlists?expand=[Video] includes them (spec §7). Videos are served by a later
 * issue: until then the relation is pending and every playlist expands to an empty list.
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
  relations: { Video: { resource: 'videos', kind: 'manyToMany', through: 'playlist_videos', pending: true } },
  access: { read: CONTENT_RULE, write: CONTENT_RULE },
  tenancy: 'account',
  route: '/account/playlists',
});
