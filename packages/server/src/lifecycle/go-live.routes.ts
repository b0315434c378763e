import { recordId } from '@regie/contract/accounts';
import { CLIP_MESSAGES } from '@regie/contract/clips';
import { type GoLiveChecks, goLiveChecksResponse, goLivePaths } from '@regie/contract/go-live';
import { EVENT_READ_RULE } from '@regie/contract/resources/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertInScope, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { eventFacts, goLiveChecks } from './go-live.checks.ts';

/**
 * GET events/{id}/go-live-checks (contract go-live.ts): what fans get if the event goes live now,
 * one truth for the Go live dialog and the event's header. Read by whoever may read the event.
 */
export function registerGoLiveRoutes(app: FastifyInstance, options: { db: Db; guards: Guards }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    goLivePaths.checks(),
    {
      onRequest: options.guards.requireRule(EVENT_READ_RULE),
      schema: {
        tags: ['events'],
        security: BEARER,
        summary: 'What fans get if the event goes live now: each check ok, warning (with its fix) or off',
        params: z.object({ id: recordId }),
        response: { 200: goLiveChecksResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request): Promise<GoLiveChecks> => {
      const auth = authOf(request);
      const id = request.params.id;
      const event = await eventFacts(options.db, id);
      if (!event) throw notFound(CLIP_MESSAGES.eventNotFound(id));
      assertInScope(auth, event.accountId, CLIP_MESSAGES.eventNotFound(id));
      return goLiveChecks(options.db, event);
    },
  );
}
