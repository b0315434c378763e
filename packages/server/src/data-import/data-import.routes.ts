import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { AuditOtherResource } from '@regie/contract/audit';
import { DATA_IMPORT_MAX_BYTES, DATA_IMPORT_RULE, dataImportPaths } from '@regie/contract/data-import';
import {
  csvMappingBody,
  csvMappingParams,
  csvMappingResponse,
  feedProvidersResponse,
  importAccepted,
  importBody,
  importOptions,
  importPreview,
} from '@regie/contract/data-import.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditSourceOf, writeAudit } from '../audit/audit.service.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { FEED_ADAPTER_INFOS } from '../feeds/feeds.registry.ts';
import { fileBytes } from '../http/media.schema.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { enqueueJob } from '../jobs/jobs.queue.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { ignoreClientAccountKeys } from '../tenancy/tenancy.body.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { readImportRequest } from './data-import.document.ts';
import { dataImportJob, importDocumentKey } from './data-import.job.ts';
import { previewOf } from './data-import.plan.ts';
import {
  assertOwnEvent,
  assertWritable,
  importSport,
  parseOptions,
  prepareImport,
  saveCsvMapping,
  savedCsvMapping,
  visibleSport,
} from './data-import.service.ts';

export interface DataImportRoutesOptions {
  db: Db;
  guards: Guards;
  storage: ObjectStorage;
  config: Pick<AppConfig, 'videos'>;
}

const common = { tags: ['data-import'], security: BEARER };
/** The multipart form of an import: the document as a file or a URL, the options as fields (lists as JSON). */
const importForm = importOptions.extend({
  file: fileBytes.optional(),
  url: importBody.shape.url,
});

/** The resource name of an import's audit entry when it names no event (its id is the job's). */
export const DATA_IMPORT_AUDIT_RESOURCE = 'data-imports' satisfies AuditOtherResource;

/**
 * The data import (issue 25): POST data-providers-service-api/import (preview with dryRun, else a
 * `data.import` job), GET …/providers (the adapters, for the screen) and GET/PUT
 * …/csv-mappings/{sportId}. All for the account acted for (x-account-key), under the menu's rule
 * for data import (sport_player_write + IMPORTDATA).
 */
export const dataImportRoutes: FastifyPluginAsyncZod<DataImportRoutesOptions> = async (app, options) => {
  const { db, guards, storage, config } = options;
  await app.register(fastifyMultipart, {
    limits: { fileSize: DATA_IMPORT_MAX_BYTES, files: 1, fields: 20, fieldSize: 1024 * 1024, parts: 24 },
  });
  app.addHook('preValidation', ignoreClientAccountKeys);
  const onImport = guards.requireRule(DATA_IMPORT_RULE);

  app.post(
    dataImportPaths.import,
    {
      onRequest: onImport,
      // A dry run (the preview) writes nothing: no entry; a queued import is recorded.
      config: { audit: 'entry-if-changed' },
      bodyLimit: DATA_IMPORT_MAX_BYTES,
      schema: {
        ...common,
        summary: 'Imports a sports data document: previews it (dryRun), else queues the import job',
        description:
          'JSON `{ provider, document | url, eventId?, sportId?, dryRun?, csvColumns?, timeZone?, decisions? }`, ' +
          'or multipart/form-data with the document in the field "file" and the same options as fields ' +
          '(csvColumns and decisions as JSON). dryRun answers the preview (200) and writes nothing; otherwise ' +
          '202 with the job whose result is the ImportReport.',
        documentedBody: { 'application/json': importBody, 'multipart/form-data': importForm },
        response: {
          200: importPreview,
          202: importAccepted,
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { options: call, document } = await readImportRequest(request, config.videos.importAllowHosts);
      const accountId = auth.account.id;
      const sportId = await importSport(db, auth.account, call.provider, call.sportId);
      if (call.eventId !== undefined) await assertOwnEvent(db, accountId, call.eventId);
      const base = { accountId, sportId, provider: call.provider };
      const parse = await parseOptions(db, base, {
        ...(call.csvColumns ? { csvColumns: call.csvColumns } : {}),
        ...(call.csvKind ? { csvKind: call.csvKind } : {}),
        ...(call.timeZone ? { timeZone: call.timeZone } : {}),
      });
      const settings = {
        ...base,
        ...(call.eventId !== undefined ? { eventId: call.eventId } : {}),
        parse,
        decisions: call.decisions ?? [],
        language: auth.language,
      };
      const { plan } = await prepareImport(db, settings, document);
      if (call.dryRun) return reply.code(200).send(previewOf(plan));
      assertWritable(plan);
      const documentKey = importDocumentKey(accountId, randomUUID());
      await storage.put(documentKey, document, 'application/octet-stream');
      // The import is recorded when its job is queued (the job itself is not audited): on the
      // event it fills when it names one, else as a data import whose id is the job's.
      const job = await transaction(db, async (tx) => {
        const queued = await enqueueJob(
          tx,
          dataImportJob,
          { documentKey, ...settings, parse: { ...parse } },
          { accountId, requestId: request.id },
        );
        await writeAudit(tx, auditSourceOf(request), {
          accountId,
          resource: call.eventId === undefined ? DATA_IMPORT_AUDIT_RESOURCE : 'events',
          resourceId: call.eventId ?? queued.id,
          action: 'import',
          changes: {
            provider: { before: null, after: call.provider },
            sportId: { before: null, after: sportId },
            jobId: { before: null, after: queued.id },
          },
        });
        return queued;
      }).catch(async (error: unknown) => {
        // No job will ever read it.
        await storage.delete(documentKey).catch(() => undefined);
        throw error;
      });
      return reply.code(202).send({ jobId: job.id });
    },
  );

  app.get(
    dataImportPaths.providers,
    {
      onRequest: onImport,
      schema: {
        ...common,
        summary: 'The data providers the import reads, what their documents hold and their event keys',
        response: { 200: feedProvidersResponse, ...errorResponses(401, 403) },
      },
    },
    async () => FEED_ADAPTER_INFOS.map((info) => ({ ...info, eventKeys: [...info.eventKeys] })),
  );

  app.get(
    dataImportPaths.csvMapping(),
    {
      onRequest: onImport,
      schema: {
        ...common,
        summary: "The account's saved CSV column mapping for a sport (columns null when none is saved)",
        params: csvMappingParams,
        response: { 200: csvMappingResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = authOf(request).account.id;
      const sportId = await visibleSport(db, accountId, request.params.sportId);
      return { sportId, columns: await savedCsvMapping(db, accountId, sportId) };
    },
  );

  app.put(
    dataImportPaths.csvMapping(),
    {
      onRequest: onImport,
      // The same columns again change nothing: no entry.
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary: "Saves the account's CSV column mapping for a sport (the import uses it when the call sends none)",
        params: csvMappingParams,
        body: csvMappingBody,
        response: { 200: csvMappingResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = authOf(request).account.id;
      const sportId = await visibleSport(db, accountId, request.params.sportId);
      await saveCsvMapping(db, auditSourceOf(request), accountId, sportId, request.body.columns);
      return { sportId, columns: request.body.columns };
    },
  );
};
