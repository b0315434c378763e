import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { isRecord } from '@regie/contract/guards';
import type { ShareTarget } from '@regie/contract/videos';
import { type ShareFile, shareErrorFor } from './share.types.ts';

/**
 * HTTP for the platforms without a Node client (Facebook, Dailymotion): a multipart form streamed
 * from the file (never held in memory) with its progress, and JSON answers whose errors become
 * readable reasons.
 */

/** Joins a base URL and a path whatever slashes either has. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

const quoted = (value: string) => value.replace(/["\r\n\\]/g, '_');

/**
 * multipart/form-data of `fields` then the file (or its bytes `range.start` to `range.end`, end
 * excluded) as `fileField`; onProgress gets the share of those bytes sent.
 */
export function fileForm(
  fields: Readonly<Record<string, string>>,
  fileField: string,
  file: ShareFile,
  onProgress: (fraction: number) => void,
  range: { start: number; end: number } = { start: 0, end: file.size },
): { body: ReadableStream<Uint8Array>; headers: Record<string, string> } {
  const length = range.end - range.start;
  const boundary = `regie-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    [
      ...Object.entries(fields).map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(fileField)}"; filename="${quoted(file.filename)}"\r\n`,
      `Content-Type: ${file.contentType}\r\n\r\n`,
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts(): AsyncGenerator<Buffer> {
    yield head;
    let sent = 0;
    if (length > 0) {
      for await (const chunk of createReadStream(file.path, { start: range.start, end: range.end - 1 })) {
        // A file stream without an encoding yields Buffers.
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
        sent += bytes.length;
        onProgress(sent / length);
        yield bytes;
      }
    }
    yield tail;
  }
  return {
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + length + tail.length),
    },
  };
}

/** The platform's own words in an error answer: `{error: {message}}`, `{error_description}`, … */
function detailOf(body: unknown, status: number): { detail: string; code: unknown; type: unknown } {
  const object = isRecord(body) ? body : {};
  const error = object.error;
  if (isRecord(error)) {
    const { message, code, type } = error;
    return { detail: typeof message === 'string' ? message : `HTTP ${status}`, code, type };
  }
  const description = object.error_description ?? object.message ?? error;
  return { detail: typeof description === 'string' ? description : `HTTP ${status}`, code: undefined, type: error };
}

/**
 * A request to a platform answering JSON. A token the platform refuses (401, Facebook's OAuth
 * code 190, Dailymotion's invalid_token) means the user's link expired.
 */
export async function platformJson(
  target: ShareTarget,
  url: string,
  init: RequestInit & { duplex?: 'half' },
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw shareErrorFor(target, 503, cause);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { message: text.slice(0, 200) };
  }
  if (!response.ok) {
    const { detail, code, type } = detailOf(body, response.status);
    const expired = code === 190 || type === 'invalid_token' || type === 'OAuthException';
    throw shareErrorFor(target, response.status, detail, expired && response.status < 500);
  }
  return isRecord(body) ? body : {};
}

/** A string field of a platform's answer, or a refusal naming what is missing. */
export function stringField(target: ShareTarget, body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'number') return String(value);
  throw shareErrorFor(target, 502, `the answer has no ${field}`);
}
