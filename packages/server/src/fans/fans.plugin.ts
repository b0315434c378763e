import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { RateLimiter } from '../embed/embed.rate-limit.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { createFanLimiter, fanPublicRoutes } from './fans.public.routes.ts';
import { fansRoutes } from './fans.routes.ts';
import { profilesRoutes } from './profiles.routes.ts';

/**
 * The fan side (public fan API) and the CRM (fans, profiles): one registration in app.ts. Answers
 * the public API's rate limiter, which the games' fan calls share.
 */
export async function registerFans(app: FastifyInstance, options: { db: Db; guards: Guards }): Promise<RateLimiter> {
  const limiter = createFanLimiter();
  await app.register(fanPublicRoutes, { db: options.db, limiter });
  await app.register(fansRoutes, options);
  await app.register(profilesRoutes, options);
  return limiter;
}
