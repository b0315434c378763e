import { auditPage, auditPaths, auditQuery } from '@regie/contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/database.ts';
import { csvResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { auditCsvStream, auditExportName, auditScopeOf, listAudit } from './audit.read.ts';

/**
 * GET /main-api/audit and its CSV export (contract audit.ts): platform administrators read every
 * account, a customer's manage_users holder their own (auditScopeOf). Reading changes nothing, so
 * a read_only user with the role reads too.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  const common = { tags: ['audit'], security: BEARER };
  app.get(
    auditPaths.list,
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Audit entries, newest first, one keyset page (cursor: the previous page’s nextCursor)',
        querystring: auditQuery,
        response: { 200: auditPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => listAudit(db, auditScopeOf(authOf(request), request.query), request.query),
  );

  app.get(
    auditPaths.export,
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'The matching audit entries as CSV, streamed newest first (cursor and limit ignored)',
        querystring: auditQuery,
        response: { 200: csvResponse('CSV text (streamed)'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = auditScopeOf(authOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportName(new Date())}"`)
        .header('cache-control', 'no-store')
        .send(auditCsvStream(db, scope, request.query));
    },
  );
};
