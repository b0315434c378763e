import { JSON_BODY_LIMIT_BYTES } from '@regie/contract/api';
import type { ErrorBody } from '@regie/contract/auth';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldError, HttpError, statusText } from './http.errors.ts';

/** Fastify's own client errors, reworded for people. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: `Request body is too large (limit ${JSON_BODY_LIMIT_BYTES / 1024 / 1024} MiB)`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON (application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match its Content-Length header',
};

interface ZodIssueLike {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Zod issues → `{path, message}` with dotted paths; unknown keys get one entry each. */
export function toFieldErrors(issues: readonly ZodIssueLike[]): FieldError[] {
  return issues.flatMap((issue) => {
    const base = issue.instancePath.split('/').filter(Boolean);
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      return issue.params.keys.map((key) => ({ path: [...base, String(key)].join('.'), message: 'Unknown field' }));
    }
    return [{ path: base.join('.'), message: issue.message ?? 'Invalid value' }];
  });
}

function body(statusCode: number, message: string, errors?: FieldError[]): ErrorBody {
  return errors?.length
    ? { statusCode, error: statusText(statusCode), message, errors }
    : { statusCode, error: statusText(statusCode), message };
}

/**
 * The SQLSTATE of a database error, looking through Drizzle's wrapper. Class 22 (data exception:
 * a number out of range, a NUL byte in a text) comes from bad input, never from a bug of ours.
 */
function sqlState(error: unknown): string | undefined {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string'
    ? cause.code
    : undefined;
}

/** The one place errors become responses: `{statusCode, error, message, errors?}` (contract errorBody). */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send(body(error.statusCode, error.message, error.errors));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send(body(400, 'Validation failed', toFieldErrors(error.validation)));
  }
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
    return reply.code(statusCode).send(body(statusCode, FASTIFY_MESSAGES[code] ?? error.message));
  }
  if (sqlState(error)?.startsWith('22')) return reply.code(400).send(body(400, 'Invalid value in the request'));
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(body(500, 'An unexpected error occurred'));
}
