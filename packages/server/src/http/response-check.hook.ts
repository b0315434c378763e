import { errorBody } from '@regie/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodType, safeDecode } from 'zod/v4/core';

/** A response whose body is not what its route documents (OpenAPI would lie about it). */
export interface ResponseMismatch {
  method: string;
  url: string;
  statusCode: number;
  /** The route's pattern, `/main-api/tags/:id`. */
  route: string;
  problem: string;
}

/** The schema a route documents for a status code: the exact code, then `2xx`-style, then `default`. */
function documentedSchema(response: unknown, statusCode: number): $ZodType | null | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const byCode: Record<string, unknown> = { ...response };
  const schema = byCode[String(statusCode)] ?? byCode[`${String(statusCode)[0]}xx`] ?? byCode.default;
  if (schema === undefined) return undefined;
  if (schema instanceof $ZodType) return schema;
  // A status the route documents with a JSON schema (not zod) is not ours to read.
  return null;
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

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * Checks every JSON response against the schema its route documents for the status code, and
 * reports a mismatch (or an undocumented success status) to `report`; an error status a route
 * does not document is checked against the error handler's body (contract errorBody). Routes that write their JSON with
 * `plainJson` skip the type provider's own check (its serializer encodes through the schema):
 * this one sees every route. Tests turn it on (test/helpers.ts), so OpenAPI stays true.
 */
export function checkResponses(app: FastifyInstance, report: (mismatch: ResponseMismatch) => void): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const response = request.routeOptions.schema?.response;
    if (!response || typeof payload !== 'string' || payload === '' || !isJson(reply)) return payload;
    const { statusCode } = reply;
    const where = { method: request.method, url: request.url, statusCode, route: request.routeOptions.url ?? '' };
    const documented = documentedSchema(response, statusCode);
    if (documented === null) return payload;
    // The error handler answers any route's refusals (400, 413, 415, …) with the one error body.
    const schema = documented ?? (statusCode >= 400 ? errorBody : undefined);
    if (!schema) {
      report({ ...where, problem: `status ${statusCode} is not documented` });
      return payload;
    }
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
