import { paths } from '@regie/contract/api';
import { CACHE_KEY_PATTERN, CACHE_MESSAGES, cachePurgeResponse } from '@regie/contract/cache';
import { accountsResource } from '@regie/contract/resources/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { badRequest } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';
import type { Cache } from './cache.service.ts';

/** DELETE /main-api/utils/cache/{key} (spec §7 "Utils"): for whoever may manage customers. */
export const cacheRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; cache: Cache }> = async (
  app,
  { db, guards, cache },
) => {
  app.delete(
    paths.cachePurge(),
    {
      onRequest: guards.requireRule(accountsResource.access.write),
      config: { audit: 'entry' },
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
      const purged = cache.purge(key);
      // The cache lives in memory, not in the database: the entry follows the purge. One
      // account's payload is that account's; the others are the platform's.
      const accountId = key.startsWith('admin-payload:') ? Number(key.slice('admin-payload:'.length)) : null;
      await writeAudit(db, auditSourceOf(request), {
        accountId,
        resource: 'cache',
        resourceId: null,
        action: 'purge',
        changes: { key: { before: null, after: key }, purged: { before: null, after: purged } },
      });
      return { key, purged };
    },
  );
};
