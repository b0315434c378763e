import { paths } from '@regie/contract/api';
import { CACHE_KEY_PATTERN, CACHE_MESSAGES, cachePurgeResponse } from '@regie/contract/cache';
import { accountsResource } from '@regie/contract/resources/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import type { Cache } from './cache.service.ts';

/** DELETE /main-api/utils/cache/{key} (spec §7 "Utils"): for whoever may manage customers. */
export const cacheRoutes: FastifyPluginAsyncZod<{ guards: Guards; cache: Cache }> = async (app, { guards, cache }) => {
  app.delete(
    paths.cachePurge(),
    {
      onRequest: guards.requireRule(accountsResource.access.write),
      schema: {
        tags: ['utils'],
        security: BEARER,
        summary: 'Purges a server cache: all, admin-payload or admin-payload:<accountId>',
        params: z.object({ key: z.string().max(100) }),
        response: { 200: cachePurgeResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!CACHE_KEY_PATTERN.test(key)) {
        throw badRequest(CACHE_MESSAGES.unknownKey(key), [{ path: 'key', message: CACHE_MESSAGES.unknownKey(key) }]);
      }
      return { key, purged: cache.purge(key) };
    },
  );
};
