import { SEARCH_MESSAGES } from '@regie/contract/accounts';
import { paths } from '@regie/contract/api';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { schemaMessage } from '@regie/contract/messages';
import { SEARCH_LIMITS } from '@regie/contract/resources/shapes';
import { ACCOUNT_SEARCH_MIN_CHARS } from '@regie/contract/search';
import { asc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchAccounts } from '../accounts/accounts.service.ts';
import { badRequest, forbidden, notFound } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { type AuthContext, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { actsForPlatform, assertMayRead, visibleRows } from './resources.access.ts';
import { column } from './resources.columns.ts';
import { plainJson } from './resources.http.ts';
import { allOf, orderBy, searchCondition } from './resources.query.ts';
import { presentRows } from './resources.service.ts';
import type { Engine, ResourceEntry, Row } from './resources.types.ts';

export const searchQuery = z
  .object({
    search: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxLimit).optional(),
  })
  .catchall(z.string().max(200));
export type SearchQuery = z.infer<typeof searchQuery>;

/** GET challengers/search: the text is required (spec §7 `?search=`); its fields by name may narrow it. */
export const challengerSearchQuery = searchQuery.extend({
  search: z.string({ error: schemaMessage(SEARCH_MESSAGES.noParam) }).max(200),
});

/** The account picker's search (spec §5): admins acting for no account, 3 characters at least. */
async function accountSearch(engine: Engine, auth: AuthContext, query: SearchQuery) {
  if (!actsForPlatform(auth)) throw forbidden();
  const name = (query.name ?? query.search)?.trim();
  if (name === undefined) throw badRequest(SEARCH_MESSAGES.noParam);
  if (name.length < ACCOUNT_SEARCH_MIN_CHARS) {
    throw badRequest(SEARCH_MESSAGES.tooShort, [{ path: 'name', message: SEARCH_MESSAGES.tooShort }]);
  }
  return searchAccounts(engine.db, name);
}

/**
 * Any other resource: `search=` over its search fields, or one of them by name (`name=`), the
 * matches where the text comes first first, among the records the caller may read.
 */
export async function recordSearch(engine: Engine, entry: ResourceEntry, auth: AuthContext, query: SearchQuery) {
  assertMayRead(entry.definition, auth);
  const { search, limit, ...byField } = query;
  const fields: readonly string[] = entry.definition.search;
  const unknown = Object.keys(byField).filter((key) => !fields.includes(key));
  if (unknown.length) {
    throw badRequest(
      HTTP_MESSAGES.validationFailed,
      unknown.map((key) => ({ path: key, message: SEARCH_MESSAGES.notSearchField(entry.definition.name) })),
    );
  }
  const texts = Object.entries(byField).filter(([, value]) => value.trim() !== '');
  const text = search?.trim();
  if (!text && texts.length === 0) throw badRequest(SEARCH_MESSAGES.noParam);
  const first = text ?? texts[0]?.[1]?.trim() ?? '';
  const firstField = text ? fields[0] : texts[0]?.[0];
  const position = sql`strpos(lower(${column(entry, firstField ?? 'id')}::text), lower(${first}))`;
  const rows: Row[] = await engine.db
    .select()
    .from(entry.table)
    .where(
      allOf(
        visibleRows(entry, auth),
        text ? searchCondition(entry, text) : undefined,
        ...texts.map(([field, value]) => searchCondition(entry, value.trim(), [field])),
      ),
    )
    .orderBy(sql`${position} = 0`, asc(position), ...orderBy(entry, entry.definition.defaultSort))
    .limit(limit ?? SEARCH_LIMITS.defaultLimit);
  return presentRows(engine, entry, rows, auth);
}

/** GET /main-api/search/{entity} (spec §7 "Search") for every declared resource. */
export const searchRoutes: FastifyPluginAsyncZod<{ engine: Engine; guards: Guards }> = async (
  app,
  { engine, guards },
) => {
  app.get(
    paths.search(':entity'),
    {
      onRequest: guards.requireAuth,
      serializerCompiler: plainJson,
      schema: {
        tags: ['search'],
        security: BEARER,
        summary: 'Searches a resource: accounts by name (admins), others by search= or by one search field',
        description: `Every resource's records the caller may read. accounts: name (at least ${ACCOUNT_SEARCH_MIN_CHARS} characters), {id, name, accountKey}.`,
        params: z.object({ entity: z.string().max(60) }),
        querystring: searchQuery,
        response: { 200: z.array(z.record(z.string(), z.unknown())), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { entity } = request.params;
      const entry = engine.byName(entity);
      if (!entry) throw notFound(SEARCH_MESSAGES.unknownEntity(entity));
      const auth = authOf(request);
      if (entity === 'accounts') return accountSearch(engine, auth, request.query);
      return recordSearch(engine, entry, auth, request.query);
    },
  );
};
