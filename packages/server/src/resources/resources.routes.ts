import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { type AuthContext, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { seesEveryAccount } from './resources.access.ts';
import { withAccountContext } from './resources.context.ts';
import { checkExpand, expandRecords } from './resources.expand.ts';
import {
  basePath,
  collectionParamsOf,
  expandOf,
  noContent,
  normaliseRequest,
  parentScope,
  plainJson,
  readGuards,
  recordParamsOf,
  toListQuery,
  writeGuards,
} from './resources.http.ts';
import { buildSchemas } from './resources.schemas.ts';
import {
  createRecord,
  deleteRecord,
  findVisible,
  listRows,
  presentOne,
  presentRows,
  updateRecord,
} from './resources.service.ts';
import type { Engine, ResourceEntry, Row } from './resources.types.ts';
import { registerTranslations } from './translations.routes.ts';

/** What every route of one resource shares: its schemas, base path, hooks and documentation. */
function resourceRouteParts(entry: ResourceEntry) {
  const { name } = entry.definition;
  return {
    name,
    schemas: buildSchemas(entry),
    base: basePath(entry),
    common: {
      preValidation: normaliseRequest(entry),
      serializerCompiler: plainJson,
      // Its lists and reads filter by AccountId and SportId (resources.query.ts).
      config: { keepsSimulationQuery: true },
    },
    doc: { tags: [name], security: BEARER },
  };
}

type ResourceRouteParts = ReturnType<typeof resourceRouteParts>;

/** GET and POST on the resource's collection: the list and creation. */
function registerCollectionRoutes(
  app: FastifyInstance,
  engine: Engine,
  guards: Guards,
  entry: ResourceEntry,
  { name, schemas, base, common, doc }: ResourceRouteParts,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    base,
    {
      ...common,
      onRequest: readGuards(guards, entry),
      schema: {
        ...doc,
        summary: `Lists ${name}: paging, sort, search, filters, keyset cursor`,
        params: collectionParamsOf(entry),
        querystring: schemas.listQuery,
        response: { 200: schemas.list, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const expand = checkExpand(entry, expandOf(request.query));
      const { scope } = await parentScope(engine, entry, auth, request.params);
      const query = toListQuery(withAccountContext(entry, auth, request.query));
      const read = async () => {
        const { rows, ...page } = await listRows(engine, entry, auth, query, scope);
        const data = await expandRecords(
          engine,
          entry,
          auth,
          rows,
          await presentRows(engine, entry, rows, auth),
          expand,
        );
        return { data, ...page };
      };
      // An expanded list reads other resources' tables: it is read each time.
      if (expand.length > 0) return read();
      const account = seesEveryAccount(entry, auth) ? null : auth.account.id;
      return engine.lists.answer(entry, { account, params: request.params, query }, read);
    },
  );

  typed.post(
    base,
    {
      ...common,
      config: { ...common.config, audit: 'entry' },
      onRequest: writeGuards(guards, entry),
      schema: {
        ...doc,
        summary: `Creates one of ${name}`,
        params: collectionParamsOf(entry),
        body: schemas.create,
        response: { 201: schemas.output, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { fixed, owner } = await parentScope(engine, entry, auth, request.params);
      const row = await createRecord(engine, entry, auth, auditSourceOf(request), request.body, fixed, owner);
      return reply.code(201).send(await presentRead(engine, entry, row, auth));
    },
  );
}

/** GET, PUT and DELETE on one record of the resource. */
function registerRecordRoutes(
  app: FastifyInstance,
  engine: Engine,
  guards: Guards,
  entry: ResourceEntry,
  { name, schemas, base, common, doc }: ResourceRouteParts,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    `${base}/:id`,
    {
      ...common,
      onRequest: readGuards(guards, entry),
      schema: {
        ...doc,
        summary: `Reads one of ${name}, with the relations named in expand`,
        params: recordParamsOf(entry),
        querystring: schemas.oneQuery,
        response: { 200: schemas.output, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const expand = checkExpand(entry, expandOf(request.query));
      const { scope } = await parentScope(engine, entry, auth, request.params);
      const row = await findVisible(engine, entry, auth, request.params.id, scope);
      return presentRead(engine, entry, row, auth, expand);
    },
  );

  typed.put(
    `${base}/:id`,
    {
      ...common,
      config: { ...common.config, audit: 'entry' },
      onRequest: writeGuards(guards, entry),
      schema: {
        ...doc,
        summary: `Changes the given fields of one of ${name} (the others stay)`,
        params: recordParamsOf(entry),
        body: schemas.update,
        response: { 200: schemas.output, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { scope } = await parentScope(engine, entry, auth, request.params);
      const row = await updateRecord(
        engine,
        entry,
        auth,
        auditSourceOf(request),
        request.params.id,
        request.body,
        scope,
      );
      return presentRead(engine, entry, row, auth);
    },
  );

  typed.delete(
    `${base}/:id`,
    {
      ...common,
      config: { ...common.config, audit: 'entry' },
      onRequest: writeGuards(guards, entry),
      schema: {
        ...doc,
        summary: `Deletes one of ${name}`,
        params: recordParamsOf(entry),
        response: { 204: noContent, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { scope } = await parentScope(engine, entry, auth, request.params);
      await deleteRecord(engine, entry, auth, auditSourceOf(request), request.params.id, scope);
      return reply.code(204).send(null);
    },
  );
}

/** The routes of one declared resource (spec §7 "Generic CRUD"): thin, the service does the work. */
function registerResource(app: FastifyInstance, engine: Engine, guards: Guards, entry: ResourceEntry): void {
  const parts = resourceRouteParts(entry);
  registerCollectionRoutes(app, engine, guards, entry, parts);
  registerRecordRoutes(app, engine, guards, entry, parts);
  if (entry.definition.translatable?.length) registerTranslations(app, engine, guards, entry);
}

/** Every declared resource of the engine's registry. */
export const resourcesRoutes: FastifyPluginAsyncZod<{ engine: Engine; guards: Guards }> = async (
  app,
  { engine, guards },
) => {
  for (const entry of engine.entries) registerResource(app, engine, guards, entry);
};

/**
 * One record as a read answers it: presented, with the relations the entry always includes on a
 * read (readExpands: an account's Groups and Roles) and those asked for. Creates and updates
 * answer the same shape, so a record read back equals the one its write answered.
 */
async function presentRead(
  engine: Engine,
  entry: ResourceEntry,
  row: Row,
  auth: AuthContext,
  expand: readonly string[] = [],
): Promise<Row> {
  const relations = [...new Set([...(entry.readExpands ?? []), ...expand])];
  const presented = await presentOne(engine, entry, row, auth);
  if (relations.length === 0) return presented;
  const [record] = await expandRecords(engine, entry, auth, [row], [presented], relations);
  return record ?? presented;
}
