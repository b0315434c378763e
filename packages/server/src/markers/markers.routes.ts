import {
  eventIdPathParams,
  eventReplayResponse,
  markerPaths,
  markersRelationshipsBody,
  markersRelationshipsResponse,
} from '@regie/contract/markers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { diffRecord } from '../audit/audit.diff.ts';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { assertMayWrite } from '../resources/resources.access.ts';
import type { Engine } from '../resources/resources.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { replaceEventMarkers } from './markers.relationships.ts';
import { eventReplay } from './markers.replay.ts';
import { markersEntry } from './markers.resource.ts';

/**
 * The markers calls the generic engine does not make: PATCH events/{id}/relationships/markers,
 * and GET events/{id}/replay (the video the markers point into).
 * (The markers' CRUD under their event is the engine's, markers.resource.ts.)
 */
export const eventMarkersRoutes: FastifyPluginAsyncZod<{ engine: Engine; guards: Guards }> = async (
  app,
  { engine, guards },
) => {
  const eventsEntry = engine.byName('events');
  if (!eventsEntry) throw new Error('The events resource is not served');
  app.addHook('preValidation', ignoreClientAccountKeys);
  app.patch(
    markerPaths.relationships(':id'),
    {
      onRequest: [guards.requireAuth, async (request) => assertMayWrite(markersEntry.definition, authOf(request))],
      // Listing every marker the event has deletes none and records nothing.
      config: { audit: 'entry-if-changed' },
      schema: {
        tags: ['markers'],
        security: BEARER,
        summary: "Sets the event's markers to exactly the listed ones (the others are deleted)",
        description:
          "Every id must be one of the event's markers (400 otherwise, nothing changed); ids listed twice count once. " +
          'Each deleted marker is published as marker.deleted on /admin/{eventId}. Answers the markers kept, by time.',
        params: eventIdPathParams,
        body: markersRelationshipsBody,
        response: { 200: markersRelationshipsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const source = auditSourceOf(request);
      const data = await replaceEventMarkers(
        engine,
        eventsEntry,
        auth,
        request.params.id,
        request.body,
        async (tx, gone) => {
          for (const row of gone) {
            await writeAudit(tx, source, {
              accountId: row.accountId,
              resource: markersEntry.definition.name,
              resourceId: row.id,
              action: 'delete',
              changes: diffRecord(markersEntry, row, null),
            });
          }
        },
      );
      return { data };
    },
  );

  app.get(
    markerPaths.replay(':id'),
    {
      onRequest: guards.requireAuth,
      schema: {
        tags: ['markers'],
        security: BEARER,
        summary: "The event's replay video, as the markers editor and the clip workspace play it",
        description: 'null while the event has no replay; playback null until the video is ready.',
        params: eventIdPathParams,
        response: { 200: eventReplayResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => eventReplay(engine, eventsEntry, authOf(request), request.params.id),
  );
};
