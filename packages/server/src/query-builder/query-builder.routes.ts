import { Readable } from 'node:stream';
import { queryBody, queryPaths, queryResult } from '@regie/contract/query-builder';
import { ADMIN_ROLE } from '@regie/contract/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import type { Db } from '../db/database.ts';
import { csvResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { queryCsvLines, queryExportName, runQuery } from './query-builder.service.ts';
import { type QueryScope, translateQuery } from './query-builder.translate.ts';

export interface QueryBuilderRoutesOptions {
  db: Db;
  guards: Guards;
  /** The statement timeout of a query; each statement of an export gets ten times as long. */
  timeoutMs: number;
  /** The embedded database (PGlite): queries are also bounded by their estimated cost. */
  embedded: boolean;
}

/** Acting for an account, its rows only; otherwise every account's (platform admins only). */
function scopeOf(request: FastifyRequest): QueryScope {
  const auth = authOf(request);
  return { accountId: auth.simulated ? auth.account.id : null };
}

const common = { tags: ['admin-tools'], security: BEARER };

/** POST admin-tools/query and its CSV export (contract query-builder.ts). */
export const queryBuilderRoutes: FastifyPluginAsyncZod<QueryBuilderRoutesOptions> = async (
  app,
  { db, guards, timeoutMs, embedded },
) => {
  const onAdmins = guards.requireRoles(ADMIN_ROLE);
  app.post(
    queryPaths.run,
    {
      // A query in the body: it only reads.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.noChange } },
      onRequest: onAdmins,
      // The web client adds the acted-for account's AccountId to bodies (spec §6): never trusted.
      preValidation: ignoreClientAccountKeys,
      schema: {
        ...common,
        summary: 'Runs a query built over the whitelisted entities: rows, or groups with their count',
        description:
          'Read only, with a statement timeout (422 when it runs out) and at most `limit` rows. Acting for an account (x-account-key), that account only.',
        body: queryBody,
        response: { 200: queryResult, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const query = translateQuery(request.body, scopeOf(request));
      return runQuery(db, query, request.body.limit, { timeoutMs, embedded });
    },
  );
  app.post(
    queryPaths.export,
    {
      // A query in the body: it only reads.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.noChange } },
      onRequest: onAdmins,
      // The web client adds the acted-for account's AccountId to bodies (spec §6): never trusted.
      preValidation: ignoreClientAccountKeys,
      schema: {
        ...common,
        summary: 'The same query as CSV, streamed: a header line, then at most 1 000 000 rows (limit ignored)',
        body: queryBody,
        response: { 200: csvResponse('CSV text (streamed)'), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const query = translateQuery(request.body, scopeOf(request));
      const lines = queryCsvLines(db, query, { timeoutMs: timeoutMs * 10, embedded });
      // The header and the first batch before answering: a refused or stopped query is still a 4xx.
      const first: string[] = [];
      for (let read = 0; read < 2; read += 1) {
        const next = await lines.next();
        if (next.done) break;
        first.push(next.value);
      }
      async function* all(): AsyncGenerator<string> {
        yield* first;
        yield* lines;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${queryExportName(request.body.entity, new Date())}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(all(), { objectMode: false }));
    },
  );
};
