import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, bodyPairs, paramsOf, queryPairs } from './http.ts';
import type { Pair } from './oauth1.ts';

/**
 * Request reading the publishing calls share: raw bodies as streams (never held whole), multipart
 * forms with their file spooled to disk (@fastify/multipart), Content-Range headers, and the
 * parameters a call may send in its query, its form or its multipart fields.
 */

/** A scope whose bodies of any type other than JSON and forms reach the handler as a stream. */
export function acceptRawBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

/** A scope that reads multipart/form-data (the files by stream, see readMultipart). */
export async function acceptMultipart(scope: FastifyInstance): Promise<void> {
  // Inherited already (the app registered it above this plugin): its parser serves, readMultipart sets the limits.
  if (scope.hasRequestDecorator('parts')) return;
  await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
}

/** The request's body as a stream (an empty stream when it had none). */
export function bodyStream(request: FastifyRequest): Readable {
  const body = request.body as Readable | undefined;
  return body && typeof body.pipe === 'function' ? body : request.raw;
}

/** A Content-Range: `bytes a-b/N` (N `*` when not known yet), or the question `bytes *\/N`. */
export type ContentRange =
  | { kind: 'status'; total: number | null }
  | { kind: 'bytes'; start: number; end: number; total: number | null };

/** RFC 9110 §14.4 Content-Range as the upload APIs use it; null when malformed. */
export function parseContentRange(header: string | undefined): ContentRange | null {
  const match = /^bytes\s+(?:\*|(\d+)-(\d+))\/(\*|\d+)$/i.exec((header ?? '').trim());
  if (!match) return null;
  const total = match[3] === '*' ? null : Number(match[3]);
  if (match[1] === undefined || match[2] === undefined) return { kind: 'status', total };
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (end < start || (total !== null && end >= total)) return null;
  return { kind: 'bytes', start, end, total };
}

/** The body's declared length, or null (none, or chunked). */
export function contentLength(request: FastifyRequest): number | null {
  const value = request.headers['content-length'];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

/** A whole non-negative integer parameter, or null. */
export function integerParam(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,16}$/.test(value) ? Number(value) : null;
}

/** Query, then form parameters (the first of a name wins). */
export function callParams(request: FastifyRequest, ...more: Pair[][]): Map<string, string> {
  return paramsOf(queryPairs(request), bodyPairs(request), ...more);
}

/** The Graph API's token: `access_token` (query, form or multipart field), or Bearer. */
export function graphToken(params: Map<string, string>, request: FastifyRequest): string | null {
  return params.get('access_token') ?? bearerToken(request);
}

export function isMultipart(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

export interface MultipartBody {
  fields: Pair[];
  /** The file part, spooled to `spool`; null when the form had none. */
  file: { size: number; filename: string; contentType: string; tooLarge: boolean } | null;
}

/**
 * Reads a multipart form: its fields, and its part `fileField` written to `spool` (at most
 * `maxBytes`; more marks it tooLarge). A part without a filename counts as a file when it is the
 * expected field or binary (twitter-api-v2 sends `media` so). Null when the form is malformed.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { fileField: string; spool: string; maxBytes: number },
): Promise<MultipartBody | null> {
  const fields: Pair[] = [];
  let file: MultipartBody['file'] = null;
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 2, fields: 50, fieldSize: 64 * 1024, parts: 60 },
      throwFileSizeLimit: false,
      isPartAFile: (name: string | undefined, type: string, filename: string | undefined) =>
        filename !== undefined || name === options.fileField || type === 'application/octet-stream',
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        fields.push([part.fieldname, String(part.value)]);
        continue;
      }
      if (part.fieldname !== options.fileField || file) {
        await pipeline(part.file, dropAll());
        continue;
      }
      const out = createWriteStream(options.spool);
      await pipeline(part.file, out);
      file = {
        size: out.bytesWritten,
        filename: part.filename,
        contentType: part.mimetype,
        tooLarge: part.file.truncated,
      };
    }
  } catch {
    return null;
  }
  return { fields, file };
}

function dropAll(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/** A Graph API time: `2026-03-01T10:00:00+0000`. */
export function graphTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/** An RFC 3339 time without milliseconds, as Google and X write them. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
