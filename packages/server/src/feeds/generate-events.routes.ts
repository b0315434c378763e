import { recordId } from '@regie/contract/accounts';
import { generateEventsBody, generateEventsPaths, generateEventsResponse } from '@regie/contract/generate-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { generateEvents } from './generate-events.service.ts';

/**
 * POST /main-api/seasons/{seasonId}/generate-events (contract generate-events.ts): the admin tool
 * `admin-tools/generate-events`, for platform admins (manage_customer_accounts) acting for an
 * account (x-account-key); the season must be that account's.
 */
export const generateEventsRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  app.post(
    generateEventsPaths.generate(':seasonId'),
    {
      onRequest: guards.requireRoles('manage_customer_accounts'),
      // The web client adds the acted-for account's AccountId to bodies (spec §6): never trusted.
      preValidation: ignoreClientAccountKeys,
      // A preview (dryRun), or a run that finds everything generated already, changes nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        tags: ['admin-tools'],
        security: BEARER,
        summary: "Generates a season's events from its fixtures, or from a round robin it makes first",
        description:
          "`source: 'fixtures'`: one event per fixture of the season (imported). `source: 'roundRobin'`: the circle method over `challengerIds` (a bye for an odd count, home and away balanced, `legs: 2` mirrors the first leg), one round every `daysBetweenRounds` days from `firstDate` at `kickOffTime` in `timeZone`; missing rounds are made ('Round 1'…). A fixture keeps its event: generating again updates what changed, else nothing. `dryRun: true` answers the same rows and report and writes nothing.",
        params: z.object({ seasonId: recordId }),
        body: generateEventsBody,
        response: { 200: generateEventsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const body = request.body;
      return generateEvents(
        db,
        {
          accountId: auth.account.id,
          seasonId: request.params.seasonId,
          language: auth.language,
          body: { ...body, dryRun: body.dryRun ?? false },
        },
        auditSourceOf(request),
      );
    },
  );
};
