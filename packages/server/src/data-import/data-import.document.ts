import type { Readable } from 'node:stream';
import { DATA_IMPORT_MAX_BYTES, DATA_IMPORT_MESSAGES, DATA_IMPORT_URL_TIMEOUT_MS } from '@regie/contract/data-import';
import { type ImportOptions, importBody, importOptions } from '@regie/contract/data-import.schemas';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { FEED_PROVIDERS } from '@regie/contract/feeds';
import type { Message } from '@regie/contract/messages';
import { VIDEO_MESSAGES } from '@regie/contract/videos';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, HttpError } from '../http/http.errors.ts';
import { issueMessage } from '../http/localize.ts';
import { ImportError, type ImportPolicy, openRemoteFile } from '../videos/import.fetch.ts';

/**
 * The document of an import call, whichever way it came (inline JSON value or text, a multipart
 * file, a URL fetched with import-url's SSRF rules), as text: what is stored for the job and
 * parsed again there, so the preview and the import read the same bytes. What the bytes are
 * (binary junk, truncated JSON, a CSV without a column) is the adapter's to say (FeedError).
 */
export interface ImportRequest {
  options: ImportOptions;
  /** The document's bytes (the adapter reads them: size, binary, UTF-8, format). */
  document: Buffer;
}

const tooLarge = () => new HttpError(413, DATA_IMPORT_MESSAGES.tooLarge);
function fieldError(path: string, message: Message) {
  return badRequest(message, [{ path, message }]);
}

/** Reads a body up to the limit (413 above). */
async function readAll(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Downloads the document at `url`: public addresses only (or REGIE_IMPORT_ALLOW_HOSTS), redirects checked. */
export async function fetchDocument(url: string, allowHosts: readonly string[]): Promise<Buffer> {
  const policy: ImportPolicy = { allowHosts, maxBytes: DATA_IMPORT_MAX_BYTES, timeoutMs: DATA_IMPORT_URL_TIMEOUT_MS };
  const signal = AbortSignal.timeout(DATA_IMPORT_URL_TIMEOUT_MS);
  try {
    const remote = await openRemoteFile(url, policy, signal);
    return await readAll(remote.body, DATA_IMPORT_MAX_BYTES);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof ImportError) {
      if (error.reason.code === VIDEO_MESSAGES.importTooLarge(0).code) throw tooLarge();
      throw fieldError('url', error.reason);
    }
    if (signal.aborted) throw fieldError('url', VIDEO_MESSAGES.importTimedOut(DATA_IMPORT_URL_TIMEOUT_MS / 1000));
    throw fieldError('url', DATA_IMPORT_MESSAGES.urlFailed(error instanceof Error ? error.message : String(error)));
  }
}

/** A value checked by a contract schema, or a 400 naming each wrong field. */
export function validated<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issueMessage(issue) }));
  throw badRequest(HTTP_MESSAGES.validationFailed, errors);
}

/** The JSON body: its options, and its document inline or by URL. */
async function fromJson(body: unknown, allowHosts: readonly string[]): Promise<ImportRequest> {
  const parsed = validated(importBody, body);
  const { document, url, ...options } = parsed;
  const hasDocument = document !== undefined && document !== null;
  if (hasDocument && url) throw badRequest(DATA_IMPORT_MESSAGES.twoDocuments);
  if (url) return { options, document: await fetchDocument(url, allowHosts) };
  if (!hasDocument) throw badRequest(DATA_IMPORT_MESSAGES.noDocument);
  const text = typeof document === 'string' ? document : JSON.stringify(document);
  return { options, document: Buffer.from(text, 'utf8') };
}

/** A multipart field's value as the options schema wants it (JSON for lists, numbers, booleans). */
/** What a client adds for the account it acts for: the header says it (tenancy.body.ts). */
const CLIENT_ACCOUNT_KEYS = ['AccountId', 'SportId'];

const JSON_FIELDS = new Set(['eventId', 'sportId', 'dryRun', 'csvColumns', 'decisions']);

function fieldValue(name: string, value: string): unknown {
  if (!JSON_FIELDS.has(name)) return value;
  try {
    return JSON.parse(value);
  } catch {
    throw fieldError(name, DATA_IMPORT_MESSAGES.badField(name));
  }
}

/** multipart/form-data: the file in `file`, the options as fields (before or after it). */
async function fromMultipart(request: FastifyRequest, allowHosts: readonly string[]): Promise<ImportRequest> {
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw badRequest(DATA_IMPORT_MESSAGES.notMultipart);
        }
        file = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
      } else if (!CLIENT_ACCOUNT_KEYS.includes(part.fieldname)) {
        fields[part.fieldname] = fieldValue(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest(DATA_IMPORT_MESSAGES.notMultipart);
  }
  const { url, ...rest } = fields;
  const options = validated(importOptions, rest);
  if (file && url) throw badRequest(DATA_IMPORT_MESSAGES.twoDocuments);
  if (typeof url === 'string' && url) return { options, document: await fetchDocument(url, allowHosts) };
  if (!file) throw badRequest(DATA_IMPORT_MESSAGES.noDocument);
  return { options, document: file };
}

/** The import call's options and document, or a 400/413 that says what is wrong. */
export async function readImportRequest(
  request: FastifyRequest,
  allowHosts: readonly string[],
): Promise<ImportRequest> {
  if (request.isMultipart()) return fromMultipart(request, allowHosts);
  const body = request.body;
  const provider = typeof body === 'object' && body !== null && 'provider' in body ? body.provider : undefined;
  if (typeof provider === 'string' && !(FEED_PROVIDERS as readonly string[]).includes(provider)) {
    throw fieldError('provider', DATA_IMPORT_MESSAGES.unknownProvider(provider));
  }
  return fromJson(body, allowHosts);
}
