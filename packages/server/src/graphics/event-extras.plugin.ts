import type { FastifyPluginAsync } from 'fastify';
import { attachmentsRoutes } from '../attachments/attachments.routes.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { registerEventLifecycle } from '../lifecycle/lifecycle.plugin.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { repostsRoutes } from '../reposts/reposts.routes.ts';
import { createSocialPlatforms } from '../social/social.platforms.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import type { MediaTokens } from '../videos/media.tokens.ts';
import { graphicsRoutes } from './graphics.routes.ts';

export interface EventExtrasOptions {
  db: Db;
  guards: Guards;
  storage: ObjectStorage;
  hub: RealtimeHub | null;
  config: Pick<AppConfig, 'videos' | 'publicUrl' | 'social'>;
  tokens: MediaTokens;
}

/**
 * What an event has beside its record and markers: graphics, the live lifecycle
 * (process-end-live…), attachments and reposts. One registration for app.ts.
 */
export const eventExtrasRoutes: FastifyPluginAsync<EventExtrasOptions> = async (app, options) => {
  const { db, guards, storage, hub, config, tokens } = options;
  await app.register(graphicsRoutes, { db, guards, storage });
  // The -dailymotion end shares the replay through the user's Dailymotion link: it needs a server
  // that can link Dailymotion (its app, or the local stand-ins), as Settings › Social networks says.
  const dailymotionLinkable = createSocialPlatforms(config.social, () => null).mode('dailymotion') !== 'off';
  await app.register(async (scope) => registerEventLifecycle(scope, { db, guards, hub, dailymotionLinkable }));
  await app.register(attachmentsRoutes, { db, guards, storage, tokens, publicUrl: config.publicUrl });
  await app.register(repostsRoutes, { db, guards });
};
