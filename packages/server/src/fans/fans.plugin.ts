import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import { type FanRouteGroup, fanPublicRoutes } from './fans.public.routes.ts';
import { fansRoutes } from './fans.routes.ts';
import { profilesRoutes } from './profiles.routes.ts';

/**
 * The fan side (public fan API, with the games' fan calls in `fanGroups`) and the CRM (fans,
 * profiles): one registration in app.ts.
 */
export async function registerFans(
  app: FastifyInstance,
  options: { db: Db; guards: Guards; fanGroups: readonly FanRouteGroup[] },
): Promise<void> {
  await app.register(fanPublicRoutes, { db: options.db, groups: options.fanGroups });
  await app.register(fansRoutes, options);
  await app.register(profilesRoutes, options);
}
