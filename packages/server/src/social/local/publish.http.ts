import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { SocialPlatform } from '@regie/contract/social';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Answer, faultAnswer, unauthorized } from './errors.ts';
import { bearerToken, bodyPairs, paramsOf, queryPairs, send } from './http.ts';
import type { Pair } from './oauth1.ts';
import { type PublishContext, removeFile, writeAt } from './publish.store.ts';
import { checkToken, type LocalState } from './state.ts';

/**
 * Request reading the publishing calls share: the Bearer token of a call, raw bodies as streams
 * (written where they go, or read whole up to a small limit), multipart forms with their files
 * spooled to disk (@fastify/multipart), Content-Range headers, JSON bodies, and the parameters a
 * call may send in its query, its form or its multipart fields.
 */

/**
 * A call that must carry `Authorization: Bearer` with a good access token of `platform`: the
 * handler's answer for the token's user, else the platform's 401.
 */
export async function withBearer(
  state: LocalState,
  platform: SocialPlatform,
  request: FastifyRequest,
  reply: FastifyReply,
  handler: (user: string) => Answer | Promise<Answer>,
): Promise<FastifyReply> {
  const checked = checkToken(state, platform, 'access', bearerToken(request));
  if (!checked.ok) return send(reply, unauthorized(platform, checked.why));
  return send(reply, await handler(checked.token.payload.u));
}

/** A JSON body (or a part of one) as an object: anything else is an empty one, whose fields then miss. */
export function jsonObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

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

/**
 * Writes the body, which must be the bytes `range` names, into `file` at the range's start. Null
 * when it was; else what was wrong: its Content-Length, or the body itself (shorter, longer, cut).
 */
export async function receiveRange(
  request: FastifyRequest,
  file: string,
  range: { start: number; end: number },
): Promise<'length' | 'body' | null> {
  const expected = range.end - range.start + 1;
  const length = contentLength(request);
  if (length !== null && length !== expected) return 'length';
  const written = await writeAt(bodyStream(request), file, range.start, expected);
  return written.ended && !written.overflow && written.written === expected ? null : 'body';
}

/** A small body read whole (a picture): at most `limit` bytes; more is read, dropped and said. */
export async function readSmallBody(
  request: FastifyRequest,
  limit: number,
): Promise<{ bytes: Buffer; tooLarge: boolean; ended: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  try {
    for await (const piece of bodyStream(request) as AsyncIterable<Buffer | string>) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    }
  } catch {
    return { bytes: Buffer.concat(chunks), tooLarge, ended: false };
  }
  return { bytes: Buffer.concat(chunks), tooLarge, ended: true };
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

/** A file part of a multipart form, spooled to disk. */
export interface MultipartFile {
  spool: string;
  size: number;
  filename: string;
  contentType: string;
  /** It had more than its field's limit: the rest was dropped. */
  tooLarge: boolean;
}

export interface MultipartBody {
  fields: Pair[];
  /** The file parts of the expected fields (the first of each), by field name. */
  files: Map<string, MultipartFile>;
}

/**
 * Reads a multipart form: its fields, and the parts of the fields `files` names (field → the most
 * bytes it may have; more marks it tooLarge), each written to a file `spool(field)` gives. A part
 * without a filename counts as a file when it is an expected field or binary (twitter-api-v2
 * sends `media` so); other files are dropped. Null when the form is malformed (its spools removed);
 * else the caller removes the spools, or keeps them.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { files: Readonly<Record<string, number>>; spool: (field: string) => Promise<string> },
): Promise<MultipartBody | null> {
  const fields: Pair[] = [];
  const files = new Map<string, MultipartFile>();
  const limits = Object.values(options.files);
  try {
    const parts = request.parts({
      limits: { fileSize: Math.max(...limits), files: 2, fields: 50, fieldSize: 64 * 1024, parts: 60 },
      throwFileSizeLimit: false,
      isPartAFile: (name: string | undefined, type: string, filename: string | undefined) =>
        filename !== undefined || Object.hasOwn(options.files, name ?? '') || type === 'application/octet-stream',
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        fields.push([part.fieldname, String(part.value)]);
        continue;
      }
      const limit = Object.hasOwn(options.files, part.fieldname) ? options.files[part.fieldname] : undefined;
      if (limit === undefined || files.has(part.fieldname)) {
        await pipeline(part.file, dropAll());
        continue;
      }
      const spool = await options.spool(part.fieldname);
      const file: MultipartFile = {
        spool,
        size: 0,
        filename: part.filename,
        contentType: part.mimetype,
        tooLarge: false,
      };
      files.set(part.fieldname, file);
      const out = createWriteStream(spool);
      await pipeline(part.file, out);
      file.size = out.bytesWritten;
      file.tooLarge = part.file.truncated || out.bytesWritten > limit;
    }
  } catch {
    await Promise.all([...files.values()].map((file) => removeFile(file.spool)));
    return null;
  }
  return { fields, files };
}

/**
 * A byte-carrying multipart call: a fault queued for the platform is answered before a byte is
 * read; else the form is read (the parts of `files` spooled in the store's folder, see
 * readMultipart), null when malformed, and `handle` answers. The spools are removed after, but
 * the one `handle` keeps.
 */
export async function multipartCall(
  context: PublishContext,
  platform: SocialPlatform,
  request: FastifyRequest,
  files: Readonly<Record<string, number>>,
  handle: (form: MultipartBody | null) => Promise<{ answer: Answer; keep?: MultipartFile }>,
): Promise<Answer> {
  if (context.store.takeChunkFault(platform)) {
    return faultAnswer(platform, { kind: 'unavailable' }, context.state.now());
  }
  const form = await readMultipart(request, { files, spool: (field) => context.store.newFile(`${platform}-${field}`) });
  let keep: MultipartFile | undefined;
  try {
    const handled = await handle(form);
    keep = handled.keep;
    return handled.answer;
  } finally {
    for (const file of form?.files.values() ?? []) if (file !== keep) await removeFile(file.spool);
  }
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
