import type { FastifyPluginAsync } from 'fastify';
import { registerItemLinks } from '../resources/item-links.ts';
import type { Engine } from '../resources/resources.types.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { CATEGORY_ITEMS } from './category-items.ts';
import { playlistVideosRoutes } from './playlist-videos.routes.ts';

/**
 * What the generic engine does not serve for content: GET/POST/DELETE /main-api/categories/{id}/items,
 * PUT /main-api/playlists/{id}/videos.
 */
export const contentRoutes: FastifyPluginAsync<{ engine: Engine; guards: Guards }> = async (
  app,
  { engine, guards },
) => {
  registerItemLinks(app, engine, guards, CATEGORY_ITEMS);
  await app.register(playlistVideosRoutes, { engine, guards });
};
