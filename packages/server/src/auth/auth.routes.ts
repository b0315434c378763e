import { paths } from '@regie/contract/api';
import { AUDIT_AUTH_RESOURCE } from '@regie/contract/audit';
import { loginBody, loginResponse } from '@regie/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Cache } from '../cache/cache.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import type { RateLimits } from '../http/rate-limiter.ts';
import { BEARER, errorResponses, PUBLIC } from '../http/responses.schema.ts';
import { AUTH_TAGS } from '../tenancy/tenancy.cache.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { endActing } from '../users/acting.service.ts';
import { login } from './auth.service.ts';
import { createLoginThrottle } from './login-throttle.service.ts';
import { revokeSession } from './sessions.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: Guards;
  signedIn: Cache;
  rateLimits: RateLimits;
}> = async (app, { db, guards, signedIn, rateLimits }) => {
  const throttle = createLoginThrottle(rateLimits);
  app.post(
    paths.login,
    {
      // A refused sign-in answers 401 and writes its entry too (auth.service.ts).
      config: { audit: 'entry' },
      schema: {
        tags: ['auth'],
        security: PUBLIC,
        summary: 'Sign in with a username and a password',
        body: loginBody,
        response: { 200: loginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    (request) => login(db, throttle, request.body, request),
  );

  app.delete(
    paths.logout,
    {
      onRequest: guards.requireAuth,
      config: { audit: 'entry' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the token stops working at once',
        security: BEARER,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { sessionId } = auth;
      await transaction(db, async (tx) => {
        await revokeSession(tx, sessionId);
        const source = auditSourceOf(request, { user: auth.user, simulated: false });
        // Acting for an account ends with the session, in that account's trail.
        await endActing(tx, sessionId, source);
        // Their own session ends, whatever account they were acting for: an entry of their account.
        await writeAudit(tx, source, {
          accountId: auth.user.accountId,
          resource: AUDIT_AUTH_RESOURCE,
          resourceId: auth.user.id,
          action: 'sign-out',
          changes: {},
        });
      });
      // Every process drops the session at once, not when its cached entry expires.
      signedIn.purge(AUTH_TAGS.session(sessionId));
      return reply.code(204).send(null);
    },
  );
};
