import { errorBody } from '@regie/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodType, safeDecode } from 'zod/v4/core';
import { declaredMediaTypes, essence, isContentResponse, mediaTypeDeclared } from './media.schema.ts';

/** A response whose body is not what its route documents (OpenAPI would lie about it). */
export interface ResponseMismatch {
  method: string;
  url: string;
  statusCode: number;
  /** The route's pattern, `/main-api/tags/:id`. */
  route: string;
  problem: string;
}

/** What a route documents for a status code: the exact code, then `2xx`-style, then `default`. */
function documentedEntry(response: Record<string, unknown>, statusCode: number): unknown {
  return response[String(statusCode)] ?? response[`${String(statusCode)[0]}xx`] ?? response.default;
}

/**
 * The zod schema of a documented JSON body: the entry itself, or its `content`'s JSON one; null
 * when the entry is a JSON schema (not zod: not ours to read) or gives no JSON body.
 */
function jsonSchemaOf(entry: unknown): $ZodType | null {
  if (entry instanceof $ZodType) return entry;
  if (!isContentResponse(entry)) return null;
  const json = Object.entries(entry.content).find(([type]) => mediaTypeDeclared(type, ['application/json']));
  return json?.[1].schema ?? null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys of the sent body that the schema does not know (zod objects drop them when parsing). */
function undocumentedKeys(sent: unknown, parsed: unknown, path: string, found: string[]): void {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    sent.forEach((item, index) => {
      undocumentedKeys(item, parsed[index], `${path}[${index}]`, found);
    });
    return;
  }
  if (!isObject(sent) || !isObject(parsed)) return;
  for (const [key, value] of Object.entries(sent)) {
    const at = path ? `${path}.${key}` : key;
    if (key in parsed) undocumentedKeys(value, parsed[key], at, found);
    else found.push(at);
  }
}

/** The sent body's media type; none for an empty answer (204, 304, a HEAD). */
function sentMediaType(reply: FastifyReply, payload: unknown): string | null {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string') return type;
  return payload === null || payload === undefined || payload === '' ? null : 'none';
}

/**
 * Checks every response against what its route documents for the status code: its media type
 * among the declared ones (a file's `content`, `produces`, else JSON), and a JSON body against its
 * schema. A mismatch, or an undocumented success status, goes to `report`; an error status a route
 * does not document is checked as the error handler's JSON body (contract errorBody). Routes that
 * write their JSON with `plainJson` skip the type provider's own check (its serializer encodes
 * through the schema): this one sees every route. Tests turn it on (test/helpers.ts), so OpenAPI
 * stays true.
 */
export function checkResponses(app: FastifyInstance, report: (mismatch: ResponseMismatch) => void): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const { response, produces } = request.routeOptions.schema ?? {};
    if (!isObject(response)) return payload;
    const { statusCode } = reply;
    const where = { method: request.method, url: request.url, statusCode, route: request.routeOptions.url ?? '' };
    const documented = documentedEntry(response, statusCode);
    // The error handler answers any route's refusals (400, 413, 415, …) with the one error body.
    const entry = documented ?? (statusCode >= 400 ? errorBody : undefined);
    if (entry === undefined) {
      report({ ...where, problem: `status ${statusCode} is not documented` });
      return payload;
    }
    const mediaType = sentMediaType(reply, payload);
    if (mediaType === null) return payload;
    const declared = declaredMediaTypes(entry, statusCode, produces);
    if (!mediaTypeDeclared(mediaType, declared)) {
      report({ ...where, problem: `content-type ${essence(mediaType)} is not documented (${declared.join(', ')})` });
      return payload;
    }
    const schema = jsonSchemaOf(entry);
    if (!schema || typeof payload !== 'string' || payload === '') return payload;
    if (!mediaTypeDeclared(mediaType, ['application/json'])) return payload;
    const sent: unknown = JSON.parse(payload);
    const result = safeDecode(schema, sent);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
      report({ ...where, problem: issues.slice(0, 5).join('; ') });
      return payload;
    }
    const undocumented: string[] = [];
    undocumentedKeys(sent, result.data, '', undocumented);
    if (undocumented.length > 0) {
      report({
        ...where,
        problem: `not in the documented schema: ${[...new Set(undocumented)].slice(0, 5).join(', ')}`,
      });
    }
    return payload;
  });
}
