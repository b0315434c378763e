import type { FastifyPluginAsync } from 'fastify';
import { attachmentsRoutes } from '../attachments/attachments.routes.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { registerEventLifecycle } from '../lifecycle/lifecycle.plugin.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { repostsRoutes } from '../reposts/reposts.routes.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import type { MediaTokens } from '../videos/media.tokens.ts';
import { graphicsRoutes } from './graphics.routes.ts';

export interface EventExtrasOptions {
  db: Db;
  guards: Guards;
  storage: ObjectStorage;
  hub: RealtimeHub | null;
  config: Pick<AppConfig, 'videos' | 'publicUrl'>;
  tokens: MediaTokens;
}

/**
 * What an event has beside its record and markers: graphics, the live lifecycle
 * (process-end-live…), attachments and reposts. One registration for app.ts.
 */
export const eventExtrasRoutes: FastifyPluginAsync<EventExtrasOptions> = async (app, options) => {
  const { db, guards, storage, hub, config, tokens } = options;
  await app.register(graphicsRoutes, { db, guards, storage });
  await app.register(async (scope) =>
    registerEventLifecycle(scope, { db, guards, hub, dailymotionConfigured: config.videos.share.dailymotion !== null }),
  );
  await app.register(attachmentsRoutes, { db, guards, storage, tokens, publicUrl: config.publicUrl });
  await app.register(repostsRoutes, { db, guards });
};
