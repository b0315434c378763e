import { SEARCH_MESSAGES } from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import { accountSearchQuery, accountSearchResult } from '@regie/contract/auth';
import {
  ACCOUNT_SEARCH_MAX_RESULTS,
  ACCOUNT_SEARCH_MIN_CHARS,
  HIDDEN_ACCOUNT_NAMES,
  SEARCH_ENTITIES,
} from '@regie/contract/search';
import { asc, inArray, not, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accounts } from '../db/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { badRequest, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import type { Guards } from '../tenancy/tenancy.guards.ts';

/**
 * Account search for the admin's account picker (spec §5): case-insensitive, ordered by where
 * the text appears in the name, never the platform's own accounts.
 */
export async function searchAccounts(db: Db, text: string) {
  const position = sql<number>`strpos(lower(${accounts.name}), lower(${text}))`;
  return db
    .select({ id: accounts.id, name: accounts.name, accountKey: accounts.accountKey })
    .from(accounts)
    .where(
      sql`${position} > 0 and ${not(
        inArray(
          sql`lower(${accounts.name})`,
          HIDDEN_ACCOUNT_NAMES.map((name) => name.toLowerCase()),
        ),
      )}`,
    )
    .orderBy(asc(position), asc(sql`lower(${accounts.name})`), asc(accounts.id))
    .limit(ACCOUNT_SEARCH_MAX_RESULTS);
}

export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  app.get(
    paths.search(':entity'),
    {
      onRequest: guards.requirePlatformAdmin,
      schema: {
        tags: ['search'],
        security: BEARER,
        summary: 'Searches accounts by name (admins acting for no account)',
        params: z.object({ entity: z.string() }),
        querystring: accountSearchQuery,
        response: { 200: accountSearchResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { entity } = request.params;
      if (!(SEARCH_ENTITIES as readonly string[]).includes(entity))
        throw notFound(SEARCH_MESSAGES.unknownEntity(entity));
      const name = request.query.name?.trim();
      if (name === undefined) throw badRequest(SEARCH_MESSAGES.noParam);
      if (name.length < ACCOUNT_SEARCH_MIN_CHARS) {
        throw badRequest(SEARCH_MESSAGES.tooShort, [{ path: 'name', message: SEARCH_MESSAGES.tooShort }]);
      }
      return searchAccounts(db, name);
    },
  );
};
