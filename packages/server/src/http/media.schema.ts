import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Bodies that are not JSON, as a route declares them: the media types of a file it answers (an
 * image, a playlist, a CSV export) and of a body it reads itself (multipart parts, raw bytes, a
 * text file). OpenAPI documents them (openapi.plugin.ts) and the tests' response check holds every
 * answer to them (response-check.hook.ts).
 */

/** Bytes of a file (image, video, segment, document): `type: string, format: binary`. */
export const fileBytes = z.string().meta({ format: 'binary' });

/** Text of a file (CSV, playlist, SVG, WebVTT). */
export const fileText = z.string();

/** A response entry with its body by media type (Fastify's and OpenAPI's `content`). */
export interface ContentResponse {
  description: string;
  content: Record<string, { schema: $ZodType }>;
}

/** Media types whose body is text (a playlist, a drawing, subtitles, CSV); any other is bytes. */
function isText(mediaType: string): boolean {
  const type = essence(mediaType);
  return type.startsWith('text/') || type === 'application/vnd.apple.mpegurl' || type === 'image/svg+xml';
}

/** A file answer: each of its media types (a range such as `image/*` allowed), as text or bytes. */
export function fileResponse(description: string, mediaTypes: readonly string[]): ContentResponse {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: isText(type) ? fileText : fileBytes }])),
  };
}

/** A CSV export's answer (its refusals stay JSON). */
export function csvResponse(description: string): ContentResponse {
  return fileResponse(description, ['text/csv']);
}

/** A JSON answer with a description of its own (why this status). */
export function describedJson(description: string, schema: $ZodType): ContentResponse {
  return { description, content: { 'application/json': { schema } } };
}

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A body the handler reads itself (multipart parts, raw bytes, a text file), by media type:
     * documented only. Fastify does not validate it (`body` would, and refuse multipart).
     */
    documentedBody?: Readonly<Record<string, $ZodType>>;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A response entry that gives its body by media type rather than as one (JSON) schema. */
export function isContentResponse(entry: unknown): entry is ContentResponse {
  return isObject(entry) && !(entry instanceof $ZodType) && isObject(entry.content);
}

/** `text/csv; charset=utf-8` → `text/csv`. */
export function essence(mediaType: string): string {
  return (mediaType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/** Whether a sent media type is one the route declares (`image/*` and `*\/*` as ranges). */
export function mediaTypeDeclared(sent: string, declared: readonly string[]): boolean {
  const type = essence(sent);
  return declared.some((entry) => {
    const range = essence(entry);
    if (range === '*/*' || range === type) return true;
    return range.endsWith('/*') && type.startsWith(range.slice(0, -1));
  });
}

/**
 * The media types a route declares for a status: its entry's `content`, else the route's
 * `produces` for a success (an error is always the error handler's JSON), else JSON.
 */
export function declaredMediaTypes(entry: unknown, statusCode: number, produces: unknown): string[] {
  if (isContentResponse(entry)) return Object.keys(entry.content);
  if (statusCode < 400 && Array.isArray(produces) && produces.length > 0) return produces.map(String);
  return ['application/json'];
}
