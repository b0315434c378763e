import { HTTP_MESSAGES } from '@regie/contract/errors';
import type { Message } from '@regie/contract/messages';
import type { FastifyReply } from 'fastify';
import { HttpError, notFound } from '../http/http.errors.ts';
import type { ByteRange, ObjectStorage } from '../storage/storage.types.ts';

/** Sending stored files with HTTP Range support: video segments and downloads of originals. */

/**
 * The one range of a `Range: bytes=…` header within an object of `total` bytes; null to send the
 * whole object (no header, or one we do not serve such as several ranges); 'unsatisfiable'
 * for a range outside the object.
 */
export function parseRange(header: string | undefined, total: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || total === 0) return 'unsatisfiable';
    return { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(first);
  const end = last === '' ? total - 1 : Math.min(Number(last), total - 1);
  if (start >= total || end < start) return 'unsatisfiable';
  return { start, end };
}

export interface SendOptions {
  contentType?: string;
  cacheControl: string;
  /** Content-Disposition, for downloads. */
  disposition?: string;
  notFoundMessage: Message;
}

/** Streams an object, the requested range of it (206) or 416; never holds it in memory. */
export async function sendObject(
  reply: FastifyReply,
  storage: ObjectStorage,
  key: string,
  rangeHeader: string | undefined,
  options: SendOptions,
): Promise<FastifyReply> {
  const found = await storage.stat(key);
  if (!found) throw notFound(options.notFoundMessage);
  const range = parseRange(rangeHeader, found.size);
  if (range === 'unsatisfiable') {
    throw new HttpError(416, HTTP_MESSAGES.rangeNotSatisfiable, {
      headers: { 'content-range': `bytes */${found.size}` },
    });
  }
  const object = await storage.get(key, range ?? undefined);
  if (!object) throw notFound(options.notFoundMessage);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-length', object.size)
    .type(options.contentType ?? object.contentType);
  if (options.disposition) reply.header('content-disposition', options.disposition);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.totalSize}`);
  return reply.send(object.body);
}

/**
 * `attachment` with the original name: an ASCII fallback for old clients and the exact name,
 * UTF-8, for the others (RFC 6266).
 */
export function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'video';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
