import { recordId } from '@regie/contract/accounts';
import {
  EVENT_MESSAGES,
  eventChallengersBody,
  eventChallengersPath,
  eventChallengersResponse,
} from '@regie/contract/events';
import { markerPaths } from '@regie/contract/markers';
import { EVENT_WRITE_RULE, eventsResource } from '@regie/contract/resources/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { badRequest } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertMayRead, assertMayWrite } from '../resources/resources.access.ts';
import { findVisible } from '../resources/resources.service.ts';
import type { Engine } from '../resources/resources.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { registerReplaySources } from '../videos/replay-sources.route.ts';
import { firstDuplicate, linkableChallengers, replaceChallengers } from './events.challengers.ts';

/**
 * Sport events beyond the generic engine (spec §7): PATCH events/{id}/relationships/challengers,
 * the event's challengers in order. Reading them is GET events/{id}?expand=[Challengers].
 */
export const eventsRoutes: FastifyPluginAsyncZod<{ engine: Engine; guards: Guards }> = async (
  app,
  { engine, guards },
) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  const eventsEntry = engine.byName(eventsResource.name);
  const challengersEntry = engine.byName('challengers');
  // A registry without events or challengers (a test of other resources) serves nothing here.
  if (!eventsEntry || !challengersEntry) return;
  registerReplaySources(app, {
    path: markerPaths.replaySources,
    rule: EVENT_WRITE_RULE,
    tag: 'events',
    engine,
    guards,
  });

  app.patch(
    eventChallengersPath(),
    {
      onRequest: guards.requireAuth,
      // The same challengers in the same order change nothing and record nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        tags: ['events'],
        security: BEARER,
        summary:
          "Replaces an event's challengers with this ordered list (challengers of the event's account, each once)",
        params: z.object({ id: recordId }),
        body: eventChallengersBody,
        response: { 200: eventChallengersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      assertMayWrite(eventsEntry.definition, auth);
      // Choosing challengers means reading them: the same rule as expand=[Challengers].
      assertMayRead(challengersEntry.definition, auth);
      const event = await findVisible(engine, eventsEntry, auth, request.params.id);
      const ids = request.body.data.map((link) => link.id);
      const duplicate = firstDuplicate(ids);
      if (duplicate !== null) {
        const message = EVENT_MESSAGES.duplicateChallenger(ids[duplicate] ?? 0);
        throw badRequest(message, [{ path: `data.${duplicate}.id`, message }]);
      }
      const accountId = Number(event.accountId);
      const found = await linkableChallengers(engine, challengersEntry, auth, accountId, ids);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) {
        const message = EVENT_MESSAGES.unknownChallengers(missing);
        throw badRequest(message, [{ path: `data.${ids.indexOf(missing[0] ?? 0)}.id`, message }]);
      }
      await replaceChallengers(engine.db, request.params.id, ids, (tx, before) =>
        writeAudit(tx, auditSourceOf(request), {
          accountId,
          resource: eventsEntry.definition.name,
          resourceId: request.params.id,
          action: 'update',
          changes: { challengers: { before, after: ids } },
        }),
      );
      return { data: ids.map((id) => ({ type: 'Challenger' as const, id })) };
    },
  );
};
