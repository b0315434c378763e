import type { FastifyInstance } from 'fastify';
import { type BatchWriter, createBatchWriter } from '../common/batch-writer.ts';
import type { Db } from '../db/database.ts';
import type { RateLimiter } from '../embed/embed.rate-limit.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { type FanActivityRow, recordActivities } from './fans.activities.ts';
import { createFanLimiter, fanPublicRoutes } from './fans.public.routes.ts';
import { fansRoutes } from './fans.routes.ts';
import { profilesRoutes } from './profiles.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fans' plays waiting for their batch (flushed on close; tests flush before reading). */
    fanPlays: BatchWriter<FanActivityRow>;
  }
}

/**
 * The fan side (public fan API) and the CRM (fans, profiles): one registration in app.ts. Answers
 * the public API's rate limiter, which the games' fan calls share.
 */
export async function registerFans(app: FastifyInstance, options: { db: Db; guards: Guards }): Promise<RateLimiter> {
  const limiter = createFanLimiter();
  // A crowd's plays, written a second at a time (issue 28.4); what waits is written on close.
  const plays = createBatchWriter<FanActivityRow>({
    write: (rows) => recordActivities(options.db, rows),
    onError: (error, dropped) => app.log.warn({ err: error, dropped }, 'fans: plays not written yet'),
  });
  app.decorate('fanPlays', plays);
  app.addHook('onClose', async () => plays.close());
  await app.register(fanPublicRoutes, { db: options.db, limiter, plays });
  await app.register(fansRoutes, options);
  await app.register(profilesRoutes, options);
  return limiter;
}
