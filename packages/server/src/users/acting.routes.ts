import { actingBody, actingPaths, actingSession } from '@regie/contract/acting';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { Cache } from '../cache/cache.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { AUTH_TAGS } from '../tenancy/tenancy.cache.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { endActing, startActing } from './acting.service.ts';

const common = { tags: ['users'], security: BEARER };

/**
 * Acting for an account with a reason (issue 26 point 2): a platform administrator opens it and
 * ends it, sending their own account key. The session's signed-in contexts are dropped in every
 * process at once, so the account's key works (or stops working) from the next request.
 */
export const actingRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; signedIn: Cache }> = async (
  app,
  { db, guards, signedIn },
) => {
  app.post(
    actingPaths.acting,
    {
      onRequest: guards.requirePlatformAdmin,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Acts for a customer account, with a reason (ends the acting for any other account)',
        description:
          'Platform administrators, with their own account key. Until it ends (DELETE, or signing out), the ' +
          'account’s x-account-key works for this session; in read-only mode every write is refused.',
        body: actingBody,
        response: { 201: actingSession, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const opened = await startActing(db, auth, auditSourceOf(request), request.body);
      signedIn.purge(AUTH_TAGS.session(auth.sessionId));
      return reply.code(201).send(opened);
    },
  );

  app.delete(
    actingPaths.acting,
    {
      onRequest: guards.requirePlatformAdmin,
      // Ending when nothing is open changes nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: 'Stops acting for a customer account',
        response: { 204: z.null().describe('No account acted for any more'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const ended = await transaction(db, (tx) => endActing(tx, auth.sessionId, auditSourceOf(request)));
      if (ended) signedIn.purge(AUTH_TAGS.session(auth.sessionId));
      return reply.code(204).send(null);
    },
  );
};
