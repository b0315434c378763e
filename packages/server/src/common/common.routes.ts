import { healthResponse } from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import {
  ADMIN_PAYLOAD_TOKEN_STATUS,
  type AdminPayloadResponse,
  AUTH_MESSAGES,
  adminPayloadResponse,
  googleAnalyticsResponse,
  MARKER_NOTIFICATION_GROUPS,
} from '@regie/contract/auth';
import { CACHE_KEYS } from '@regie/contract/cache';
import { asc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Cache } from '../cache/cache.service.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { modules } from '../db/reference.table.ts';
import { sports } from '../db/sports.table.ts';
import { cachedJsonSerializer } from '../http/cached-json.ts';
import { HttpError } from '../http/http.errors.ts';
import { BEARER, errorResponses, PUBLIC } from '../http/responses.schema.ts';
import { findMediaTools } from '../media/media.tools.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';

/** Where media live in the object store (the web builds upload keys from these). */
export const STORAGE_LAYOUT: AdminPayloadResponse['aws'] = {
  prefix: {
    clips: {
      root: 'clips/',
      skins: 'clips/skins/',
      skinPreRoll: 'clips/skins/pre-roll/',
      skinPostRoll: 'clips/skins/post-roll/',
    },
  },
  buckets: { assets: 'regie-assets' },
};

type CommonConfig = Pick<AppConfig, 'publicUrl' | 'cmsUrl' | 'pushUrl' | 'environment' | 'googleAnalyticsToken'>;

/** The sports an account sees: the global ones and its own. */
export function sportsOfAccount(db: Db, accountId: number) {
  return db
    .select({ id: sports.id, name: sports.name, svgSpriteFilename: sports.svgSpriteFilename })
    .from(sports)
    .where(or(isNull(sports.accountId), eq(sports.accountId, accountId)))
    .orderBy(asc(sports.name), asc(sports.id));
}

export const commonRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: Guards;
  config: CommonConfig;
  cache: Cache;
}> = async (app, { db, guards, config, cache }) => {
  /** Asked by every screen load; only the sports differ between accounts (cache key admin-payload:<id>). */
  const adminPayload = async (accountId: number): Promise<AdminPayloadResponse> => ({
    modules: await db.select().from(modules).orderBy(asc(modules.id)),
    sports: await sportsOfAccount(db, accountId),
    assetsUrl: `${config.publicUrl}/assets`,
    imagesUrl: `${config.publicUrl}/images`,
    aws: STORAGE_LAYOUT,
    markerNotificationGroups: MARKER_NOTIFICATION_GROUPS.map(({ id, name }) => ({ id, name })),
    externalLinks: { cmsUrl: config.cmsUrl, pushNotificationsUrl: config.pushUrl },
    environment: config.environment,
    // Looked up on the PATH each time the payload is built (cached like the rest, REGIE_CACHE_TTL_SECONDS).
    mediaTools: findMediaTools(),
  });

  /**
   * Spec §8: a dead token (unknown, revoked, expired) on admin-payload is a 403 whose message names
   * the token (see the contract). A call with no token at all is a plain 401, as everywhere.
   */
  const requireAuthOr403 = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    guards.requireAuth(request, reply, (error?: Error) => {
      if (
        error instanceof HttpError &&
        error.statusCode === 401 &&
        error.reason.code !== AUTH_MESSAGES.missingToken.code
      )
        done(new HttpError(ADMIN_PAYLOAD_TOKEN_STATUS, error.reason));
      else if (error) done(error);
      else done();
    });
  };

  app.get(
    paths.adminPayload,
    {
      onRequest: requireAuthOr403,
      serializerCompiler: cachedJsonSerializer,
      schema: {
        tags: ['common'],
        security: BEARER,
        summary: 'Start-up payload: modules, sports, storage layout, links, environment',
        response: { 200: adminPayloadResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => {
      const accountId = authOf(request).account.id;
      const key = CACHE_KEYS.adminPayload(accountId);
      return cache.peek<AdminPayloadResponse>(key) ?? cache.getOrLoad(key, () => adminPayload(accountId));
    },
  );

  app.get(
    paths.googleAnalyticsToken,
    {
      schema: {
        tags: ['common'],
        security: PUBLIC,
        summary: 'The Google Analytics measurement id, null when not configured (public)',
        response: { 200: googleAnalyticsResponse },
      },
    },
    async () => ({ token: config.googleAnalyticsToken }),
  );

  app.get(
    paths.health,
    { schema: { tags: ['common'], security: PUBLIC, summary: 'Liveness probe', response: { 200: healthResponse } } },
    async () => ({ status: 'ok' as const }),
  );
};
