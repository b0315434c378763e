import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { errorBody } from '@regie/contract/auth';
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_CACHE_CONTROL,
  IMAGE_KINDS,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  IMAGES_PATH,
  type ImageKind,
  UPLOAD_IMAGES_PATH,
  UPLOAD_MESSAGES,
  UPLOAD_RULE,
} from '@regie/contract/uploads';
import { uploadedImage, uploadQuery } from '@regie/contract/uploads.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { fileBytes, fileResponse } from '../http/media.schema.ts';
import { BEARER, errorResponses, PUBLIC } from '../http/responses.schema.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { detectImageType, isUnsafeSvg } from './images.detect.ts';
import type { ObjectStorage } from './storage.types.ts';

function isImageKind(value: unknown): value is ImageKind {
  return typeof value === 'string' && (IMAGE_KINDS as readonly string[]).includes(value);
}

/** A multipart field's value (`kind` sent before the file). */
function fieldValue(field: unknown): unknown {
  const first = Array.isArray(field) ? field[0] : field;
  return typeof first === 'object' && first !== null && 'value' in first ? first.value : undefined;
}

/** The form POST uploads/images reads: `kind` (or in the query) before the file. */
const uploadImageForm = z.object({ kind: z.enum(IMAGE_KINDS).optional(), file: fileBytes });

const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge);

/** An image key: `<account>/<kind>/<sha256>.<ext>`; the hash doubles as the ETag. */
const KEY_PATTERN = /^[a-z0-9-]+\/[a-z]+\/([a-f0-9]{64})\.[a-z]+$/;

interface UploadsRoutesOptions {
  guards: Guards;
  storage: ObjectStorage;
}

type App = Parameters<FastifyPluginAsyncZod<UploadsRoutesOptions>>[0];

/** Checks the file is a safe image of a known kind, then stores it once under its hash. */
function uploadImageRoute(app: App, { guards, storage }: UploadsRoutesOptions): void {
  app.post(
    UPLOAD_IMAGES_PATH,
    {
      onRequest: guards.requireRule(UPLOAD_RULE),
      // A file stored under its hash, named by no record until one takes its key (a graphic, a
      // poster): that record's create or update is the audited change.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.noChange } },
      schema: {
        tags: ['uploads'],
        security: BEARER,
        summary: `Stores one image (PNG, JPEG, WebP, GIF or script-free SVG, at most ${IMAGE_MAX_BYTES / 1024 / 1024} MiB)`,
        description:
          'multipart/form-data: the image in the field "file"; `kind` as a field sent before it, or in the query.',
        querystring: uploadQuery,
        documentedBody: { 'multipart/form-data': uploadImageForm },
        response: { 201: uploadedImage, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.notMultipart);
      const file = await request.file().catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw badRequest(UPLOAD_MESSAGES.notMultipart);
      });
      if (file?.fieldname !== 'file') throw badRequest(UPLOAD_MESSAGES.missingFile);
      const kind = request.query.kind ?? fieldValue(file.fields.kind);
      if (!isImageKind(kind)) {
        file.file.resume();
        throw badRequest(UPLOAD_MESSAGES.unknownKind, [{ path: 'kind', message: UPLOAD_MESSAGES.unknownKind }]);
      }
      const data = await file.toBuffer().catch((error: unknown) => {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      });
      if (file.file.truncated) throw tooLarge();
      if (data.length === 0) throw badRequest(UPLOAD_MESSAGES.emptyFile);
      const contentType = detectImageType(data);
      if (!contentType) throw badRequest(UPLOAD_MESSAGES.unsupportedType);
      if (contentType === 'image/svg+xml' && isUnsafeSvg(data)) throw badRequest(UPLOAD_MESSAGES.unsafeSvg);

      const hash = createHash('sha256').update(data).digest('hex');
      const key = `${authOf(request).account.id}/${kind}/${hash}.${IMAGE_TYPES[contentType]}`;
      if (!(await storage.exists(key))) await storage.put(key, data, contentType);
      return reply.code(201).send({ key, url: storage.url(key), contentType, size: data.length });
    },
  );
}

/** Serves an image by its key, with its hash as ETag. */
function imageRoute(app: App, { storage }: UploadsRoutesOptions): void {
  app.get(
    `${IMAGES_PATH}/*`,
    {
      schema: {
        tags: ['uploads'],
        security: PUBLIC,
        summary: 'An uploaded image (public, immutable: the key names its content)',
        params: z.object({ '*': z.string().max(300) }),
        response: {
          200: fileResponse('The image', ACCEPTED_IMAGE_TYPES),
          304: z.null().describe('Not modified'),
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const hash = KEY_PATTERN.exec(key)?.[1];
      const object = hash ? await storage.get(key) : null;
      if (!hash || !object) throw notFound(UPLOAD_MESSAGES.notFound);
      const etag = `"${hash}"`;
      reply
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) {
        object.body.destroy();
        return reply.code(304).send(null);
      }
      // An SVG opened on its own must not run anything, whatever slipped through the upload check.
      if (object.contentType === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.type(object.contentType).header('content-length', object.size).send(object.body);
    },
  );
}

/**
 * POST /main-api/uploads/images (spec §3 "Image upload") and GET /images/{key}. Images are
 * stored under the account the request acts for, named by their content's hash, so the same
 * file uploaded twice is stored once and a served image never changes (cached for a year).
 */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, options) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 8 },
  });
  uploadImageRoute(app, options);
  imageRoute(app, options);
};
