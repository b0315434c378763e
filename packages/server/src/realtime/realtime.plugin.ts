import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { messagesRoutes } from './messages.routes.ts';
import { openRealtimeHub, type RealtimeHubConfig } from './realtime.backend.ts';
import type { RealtimeHub } from './realtime.hub.ts';
import { registerRealtimeSocket } from './realtime.socket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime hub the app publishes to (in-process, Redis or PostgreSQL), for workers started beside it. */
    realtime: RealtimeHub;
  }
}

/**
 * The realtime hub (given, or opened from config and closed with the app), the WebSocket at
 * /api/realtime and POST /main-api/messages.
 */
export async function registerRealtime(
  app: FastifyInstance,
  options: { db: Db; guards: Guards; config: RealtimeHubConfig; hub?: RealtimeHub | undefined },
): Promise<RealtimeHub> {
  const onError = (error: unknown) => app.log.warn({ err: error }, 'realtime hub error');
  let hub = options.hub;
  if (!hub) {
    const owned = await openRealtimeHub(options.config, onError);
    app.addHook('onClose', () => owned.close());
    hub = owned;
  }
  app.decorate('realtime', hub);
  await registerRealtimeSocket(app, { db: options.db, hub, resolve: options.guards.resolve });
  await app.register(messagesRoutes, { db: options.db, guards: options.guards, hub });
  return hub;
}
