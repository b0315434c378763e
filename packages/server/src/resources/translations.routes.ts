import { recordId } from '@regie/contract/accounts';
import { translationBody, translationEntry, translationValuesBody } from '@regie/contract/resources/shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { assertMayChange, ownerOf } from './resources.access.ts';
import { basePath, noContent, parentScope, readGuards, recordParamsOf, writeGuards } from './resources.http.ts';
import { findVisible } from './resources.service.ts';
import type { Engine, ResourceEntry } from './resources.types.ts';
import { deleteTranslation, listTranslations, saveTranslation } from './translations.service.ts';

/**
 * {base}/{id}/translations (spec §7 "Translations"): reading needs the resource's read access,
 * changing needs its write access, on a record the request may see (and change).
 */
export function registerTranslations(app: FastifyInstance, engine: Engine, guards: Guards, entry: ResourceEntry): void {
  registerTranslationList(app, engine, guards, entry);
  registerLanguageRoutes(app, engine, guards, entry);
}

/** The path and documentation the translation routes of one resource share. */
function translationParts(entry: ResourceEntry) {
  return {
    path: `${basePath(entry)}/:id/translations`,
    doc: { tags: [entry.definition.name], security: BEARER },
  };
}

/** The record of a translation call, checked visible (and changeable for writes). */
function translatedRecord(engine: Engine, entry: ResourceEntry) {
  return async (request: Parameters<typeof authOf>[0], params: { id: number; parentId?: number }, write: boolean) => {
    const auth = authOf(request);
    const { scope } = await parentScope(engine, entry, auth, params);
    const row = await findVisible(engine, entry, auth, params.id, scope);
    if (write) assertMayChange(entry, auth, row);
    return { row, write: { source: auditSourceOf(request), accountId: ownerOf(entry, row) } };
  };
}

/** GET and POST {base}/{id}/translations: every language's values, and one language's set. */
function registerTranslationList(app: FastifyInstance, engine: Engine, guards: Guards, entry: ResourceEntry): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { path, doc } = translationParts(entry);
  const record = translatedRecord(engine, entry);
  typed.get(
    path,
    {
      onRequest: readGuards(guards, entry),
      schema: {
        ...doc,
        summary: `The translations of one of ${entry.definition.name}, one entry per language`,
        params: recordParamsOf(entry),
        response: { 200: z.array(translationEntry), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await record(request, request.params, false);
      return listTranslations(engine.db, entry, request.params.id);
    },
  );

  typed.post(
    path,
    {
      onRequest: writeGuards(guards, entry),
      config: { audit: 'entry' },
      schema: {
        ...doc,
        summary: `Sets the values of one language (creates or replaces them)`,
        params: recordParamsOf(entry),
        body: translationBody,
        response: { 201: translationEntry, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { write } = await record(request, request.params, true);
      const { LanguageId, values } = request.body;
      return reply
        .code(201)
        .send(await saveTranslation(engine.db, entry, request.params.id, LanguageId, values, write));
    },
  );
}

/** PUT and DELETE {base}/{id}/translations/{langId}: one language's values. */
function registerLanguageRoutes(app: FastifyInstance, engine: Engine, guards: Guards, entry: ResourceEntry): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { path, doc } = translationParts(entry);
  const record = translatedRecord(engine, entry);
  const withLanguage = recordParamsOf(entry).extend({ langId: recordId });
  typed.put(
    `${path}/:langId`,
    {
      onRequest: writeGuards(guards, entry),
      config: { audit: 'entry' },
      schema: {
        ...doc,
        summary: 'Replaces the values of one language',
        params: withLanguage,
        body: translationValuesBody,
        response: { 200: translationEntry, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { write } = await record(request, request.params, true);
      return saveTranslation(engine.db, entry, request.params.id, request.params.langId, request.body.values, write);
    },
  );

  typed.delete(
    `${path}/:langId`,
    {
      onRequest: writeGuards(guards, entry),
      config: { audit: 'entry' },
      schema: {
        ...doc,
        summary: 'Removes the values of one language',
        params: withLanguage,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { write } = await record(request, request.params, true);
      await deleteTranslation(engine.db, entry, request.params.id, request.params.langId, write);
      return reply.code(204).send(null);
    },
  );
}
