import fastifyMultipart from '@fastify/multipart';
import { recordId } from '@regie/contract/accounts';
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  ATTACHMENT_READ_RULE,
  ATTACHMENT_WRITE_RULE,
  attachmentDownloadQuery,
  attachmentListResponse,
  attachmentPaths,
  attachmentResponse,
} from '@regie/contract/attachments';
import { eventIdParams } from '@regie/contract/clips.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowAudit } from '../audit/audit.rows.ts';
import { auditSourceOf } from '../audit/audit.service.ts';
import { type AttachmentRow, eventAttachments } from '../db/attachments.table.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/transactions.ts';
import { findScopedEvent } from '../graphics/event-scope.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { fileBytes, fileResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses, PUBLIC } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { attachment } from '../videos/media.send.ts';
import type { MediaTokens } from '../videos/media.tokens.ts';
import {
  deleteAttachment,
  findAttachment,
  listAttachments,
  presentAttachment,
  storeAttachment,
  verifyAttachment,
} from './attachments.service.ts';

export interface AttachmentsRoutesOptions {
  db: Db;
  guards: Guards;
  storage: ObjectStorage;
  tokens: MediaTokens;
  publicUrl: string;
}

type App = Parameters<FastifyPluginAsyncZod<AttachmentsRoutesOptions>>[0];

const common = { tags: ['attachments'], security: BEARER };
/** The form POST events/{id}/attachments reads: one file. */
const attachmentForm = z.object({ file: fileBytes });
const attachmentParams = z.object({ id: recordId, attachmentId: recordId });
const tooLarge = () => new HttpError(413, ATTACHMENT_MESSAGES.tooLarge);
const isTooLarge = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';

/** The fields of an attachment its entries record (its event among them; not its storage key). */
const ATTACHMENT_FIELDS = ['eventId', 'name', 'contentType', 'size'] as const;

const auditAttachment = rowAudit<AttachmentRow>('attachments', ATTACHMENT_FIELDS);

function listAndUploadRoutes(app: App, options: AttachmentsRoutesOptions): void {
  const { db, guards, tokens, publicUrl } = options;
  app.get(
    attachmentPaths.list(':id'),
    {
      onRequest: guards.requireRule(ATTACHMENT_READ_RULE),
      schema: {
        ...common,
        summary: "An event's attachments, newest first, each with a signed download link",
        params: eventIdParams,
        response: { 200: attachmentListResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const event = await findScopedEvent(db, authOf(request), request.params.id);
      const rows = await listAttachments(db, event.id);
      return { data: rows.map((row) => presentAttachment(tokens, publicUrl, row)) };
    },
  );

  app.post(
    attachmentPaths.list(':id'),
    {
      onRequest: guards.requireRule(ATTACHMENT_WRITE_RULE),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: `Attaches a document to an event (PDF, image or office document, at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MiB)`,
        description: 'multipart/form-data with the file in the field "file"; its type is read from its first bytes.',
        params: eventIdParams,
        documentedBody: { 'multipart/form-data': attachmentForm },
        response: { 201: attachmentResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const event = await findScopedEvent(db, auth, request.params.id);
      if (!request.isMultipart()) throw new HttpError(415, ATTACHMENT_MESSAGES.notMultipart);
      const file = await request.file().catch((error: unknown) => {
        throw isTooLarge(error) ? tooLarge() : badRequest(ATTACHMENT_MESSAGES.notMultipart);
      });
      if (file?.fieldname !== 'file') throw badRequest(ATTACHMENT_MESSAGES.missingFile);
      const data = await file.toBuffer().catch((error: unknown) => {
        throw isTooLarge(error) ? tooLarge() : error;
      });
      if (file.file.truncated) throw tooLarge();
      const row = await transaction(db, async (tx) => {
        const stored = await storeAttachment({ ...options, db: tx }, event, {
          data,
          filename: file.filename,
          declaredType: file.mimetype,
          userId: auth.user.id,
        });
        await auditAttachment(tx, auditSourceOf(request), 'create', null, stored);
        return stored;
      });
      return reply.code(201).send(presentAttachment(tokens, publicUrl, row));
    },
  );
}

function deleteAndDownloadRoutes(app: App, options: AttachmentsRoutesOptions): void {
  const { db, guards, storage, tokens } = options;
  app.delete(
    attachmentPaths.one(':id', ':attachmentId'),
    {
      onRequest: guards.requireRule(ATTACHMENT_WRITE_RULE),
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes an attachment and its file',
        params: attachmentParams,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const event = await findScopedEvent(db, authOf(request), request.params.id);
      const attachment = await findAttachment(db, event.id, request.params.attachmentId);
      await transaction(db, async (tx) => {
        await auditAttachment(tx, auditSourceOf(request), 'delete', attachment, null);
        await deleteAttachment({ ...options, db: tx }, attachment);
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    attachmentPaths.download(':id', ':attachmentId'),
    {
      schema: {
        tags: ['attachments'],
        security: PUBLIC,
        summary: 'The attached file, as a download (the signed link the list gives; no bearer token)',
        params: attachmentParams,
        querystring: attachmentDownloadQuery,
        response: {
          200: fileResponse('The file, of its own type', ATTACHMENT_CONTENT_TYPES),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select()
        .from(eventAttachments)
        .where(eq(eventAttachments.id, request.params.attachmentId))
        .limit(1);
      if (!row || row.eventId !== request.params.id)
        throw notFound(ATTACHMENT_MESSAGES.notFound(request.params.attachmentId));
      if (!verifyAttachment(tokens, row, request.query.t)) throw new HttpError(403, ATTACHMENT_MESSAGES.linkExpired);
      const object = await storage.get(row.storageKey);
      if (!object) throw notFound(ATTACHMENT_MESSAGES.notFound(row.id));
      return reply
        .type(row.contentType)
        .header('content-length', object.size)
        .header('content-disposition', attachment(row.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(object.body);
    },
  );
}

/** An event's attachments (contract attachments.ts): list, upload, delete, download by signed link. */
export const attachmentsRoutes: FastifyPluginAsyncZod<AttachmentsRoutesOptions> = async (app, options) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 8 },
  });
  listAndUploadRoutes(app, options);
  deleteAndDownloadRoutes(app, options);
};
