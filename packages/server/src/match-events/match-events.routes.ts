import type { AccessRule } from '@regie/contract/access';
import { satisfies } from '@regie/contract/access';
import { jobResponse } from '@regie/contract/jobs.schemas';
import { eventIdPathParams } from '@regie/contract/markers';
import {
  eventMatchStatsResponse,
  importEventJobBody,
  matchEventPaths,
  parserMappingBody,
  parserMappingKeysQuery,
  parserMappingKeysResponse,
  parserMappingQuery,
  parserMappingResponse,
} from '@regie/contract/match-events';
import { EVENT_READ_RULE, MARKER_WRITE_RULE } from '@regie/contract/resources/events';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { forbidden } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { presentJob } from '../jobs/jobs.presenter.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { accessSubject, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { eventKeysOf, feedDocumentation } from './feed-keys.ts';
import { findMatchEvent } from './match-events.apply.ts';
import { enqueueMatchJob } from './match-events.jobs.ts';
import { readMatchStats } from './match-stats.apply.ts';
import { readParserMapping, saveParserMapping } from './parser-mapping.service.ts';

/** The admin tools' rule (contract menu.ts admin-tools): platform admins, for the account they act for. */
const ADMIN_TOOLS_RULE: AccessRule = { authorizedRoles: ['manage_customer_accounts'] };

/**
 * The parser mapping (GET/PUT parser-mappings, GET parser-mappings/keys), POST jobs/importMarkers
 * and jobs/importEventStats (spec §7), and GET events/{id}/match-stats (contract match-events.ts).
 */
export const matchEventsRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  app.addHook('preValidation', ignoreClientAccountKeys);
  // A platform admin, acting for an account or not (the tools are above any account's roles).
  const requireAdmin = async (request: FastifyRequest) => {
    await guards.requireAuth(request);
    const auth = authOf(request);
    if (!auth.user.isAdmin && !satisfies(accessSubject(auth), ADMIN_TOOLS_RULE)) throw forbidden();
  };
  const mapping = { tags: ['parser-mapping'], security: BEARER };

  app.get(
    matchEventPaths.parserMappings,
    {
      onRequest: requireAdmin,
      schema: {
        ...mapping,
        summary:
          "The provider's event keys, each with the account's marker type for it (or nothing) and where it comes from",
        description:
          'A key never saved follows the default mapping: goals (own goals and penalties included), yellow and red cards ' +
          'and substitutions → the marker types of codes goal, yellow-card, red-card, substitution (made on first use), the others → nothing. ' +
          'With dataProviderMappingId, the keys saved for that mapping override the account’s.',
        querystring: parserMappingQuery,
        response: { 200: parserMappingResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return readParserMapping(
        db,
        { accountId: auth.account.id, ...request.query },
        eventKeysOf(request.query.provider),
      );
    },
  );

  app.put(
    matchEventPaths.parserMappings,
    {
      onRequest: requireAdmin,
      // No entries, or each key's marker type as it was: nothing changes, nothing is recorded.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...mapping,
        summary: 'Saves the marker type (or null: nothing) of the listed keys; the other keys keep theirs',
        querystring: parserMappingQuery,
        body: parserMappingBody,
        response: { 200: parserMappingResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const scope = { accountId: auth.account.id, ...request.query };
      await saveParserMapping(db, scope, request.body, auditSourceOf(request));
      return readParserMapping(db, scope, eventKeysOf(request.query.provider));
    },
  );

  app.get(
    matchEventPaths.parserMappingKeys,
    {
      onRequest: requireAdmin,
      schema: {
        ...mapping,
        summary: "A provider's event keys and their meaning, and where its format is documented",
        querystring: parserMappingKeysQuery,
        response: { 200: parserMappingKeysResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { provider } = request.query;
      return {
        provider,
        documentation: feedDocumentation(provider),
        keys: eventKeysOf(provider).map((entry) => ({ key: entry.key, meaning: entry.meaning ?? null })),
      };
    },
  );

  const jobRoute = (kind: 'markers' | 'stats') => ({
    onRequest: guards.requireRule(MARKER_WRITE_RULE),
    config: { audit: 'entry' as const },
    schema: {
      tags: ['jobs'],
      security: BEARER,
      summary:
        kind === 'markers'
          ? "Queues the import of the event's match events as markers (its stored match document, with today's parser mapping)"
          : "Queues the import of the event's match stats (its stored match document)",
      description:
        '202 with the job, followed through GET jobs/{id} (its result holds the report). 409 when the event has no match ' +
        'document yet (import a match file first); 404 for an event of another account.',
      body: importEventJobBody,
      response: { 202: jobResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
  });

  for (const kind of ['markers', 'stats'] as const) {
    const path = kind === 'markers' ? matchEventPaths.importMarkers : matchEventPaths.importEventStats;
    app.post(path, jobRoute(kind), async (request, reply) => {
      const auth = authOf(request);
      const job = await transaction(db, async (tx) => {
        const queued = await enqueueMatchJob(tx, kind, {
          accountId: auth.account.id,
          eventId: request.body.eventId,
          language: auth.language,
          requestId: request.id,
        });
        // The import is the event's: its history shows who asked for it (the job does the rest).
        await writeAudit(tx, auditSourceOf(request), {
          accountId: queued.accountId,
          resource: 'events',
          resourceId: request.body.eventId,
          action: 'import',
          changes: { import: { before: null, after: kind }, jobId: { before: null, after: queued.id } },
        });
        return queued;
      });
      return reply.code(202).send(presentJob(job, auth.language));
    });
  }

  app.get(
    matchEventPaths.matchStats(':id'),
    {
      onRequest: guards.requireRule(EVENT_READ_RULE),
      schema: {
        tags: ['events'],
        security: BEARER,
        summary: "The event's match figures (shots, on target, fouls, cards, corners, possession), home and away",
        params: eventIdPathParams,
        response: { 200: eventMatchStatsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const event = await findMatchEvent(db, auth.account.id, request.params.id);
      return readMatchStats(db, event.id);
    },
  );
};
