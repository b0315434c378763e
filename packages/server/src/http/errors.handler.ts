import { JSON_BODY_LIMIT_BYTES } from '@regie/contract/api';
import type { ErrorBody } from '@regie/contract/auth';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import { isRecord } from '@regie/contract/guards';
import { type Message, schemaIssueMessage } from '@regie/contract/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isBackendUnavailable, RETRY_AFTER_SECONDS } from '../common/unavailable.ts';
import { type FieldError, HttpError, statusText } from './http.errors.ts';
import { localize, localizeZodIssue, type MessageLanguage, requestLanguage } from './localize.ts';

/** The body limit of the route the request went to (a data import's 20 MiB), else the JSON one. */
function bodyLimitMiB(request: FastifyRequest): number {
  const limit = request.routeOptions.bodyLimit ?? JSON_BODY_LIMIT_BYTES;
  return Math.round((limit / 1024 / 1024) * 100) / 100;
}

/** Fastify's own client errors, reworded for people. */
const FASTIFY_MESSAGES: Record<string, (request: FastifyRequest) => Message> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => HTTP_MESSAGES.malformedJson,
  FST_ERR_CTP_BODY_TOO_LARGE: (request) => HTTP_MESSAGES.bodyTooLarge(bodyLimitMiB(request)),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => HTTP_MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => HTTP_MESSAGES.contentLengthMismatch,
};

interface ZodIssueLike {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** A field error as the body sends it: its message in words. */
type RenderedFieldError = { path: string; message: string };

/** The message of a zod issue in `language`: ours by its Message, zod's own from its locales. */
function issueText(issue: ZodIssueLike, language: MessageLanguage): string {
  // A refinement's issue keeps its own params under `params` (fastify-type-provider-zod).
  const params = issue.params.params;
  const ours = schemaIssueMessage({
    message: issue.message,
    params: isRecord(params) ? params : undefined,
  });
  if (ours) return localize(ours, language);
  return localizeZodIssue(issue, language) ?? issue.message ?? localize(HTTP_MESSAGES.invalidValue, language);
}

/**
 * Zod issues → `{path, message}` with dotted paths; unknown keys get one entry each. Zod's own
 * messages come in `language` from its locales; ours are rendered from their Message.
 */
export function toFieldErrors(issues: readonly ZodIssueLike[], language: MessageLanguage = 'en'): RenderedFieldError[] {
  return issues.flatMap((issue) => {
    const base = issue.instancePath.split('/').filter(Boolean);
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      return issue.params.keys.map((key) => ({
        path: [...base, String(key)].join('.'),
        message: localize(HTTP_MESSAGES.unknownField, language),
      }));
    }
    return [{ path: base.join('.'), message: issueText(issue, language) }];
  });
}

/** The error body, its messages in the language the request asked for (Accept-Language). */
function body(
  request: FastifyRequest,
  statusCode: number,
  message: Message,
  errors?: readonly (FieldError | RenderedFieldError)[],
): ErrorBody {
  const language = requestLanguage(request);
  const text = localize(message, language);
  return errors?.length
    ? {
        statusCode,
        error: statusText(statusCode),
        message: text,
        errors: errors.map((error) => ({
          ...error,
          message: typeof error.message === 'string' ? error.message : localize(error.message, language),
        })),
      }
    : { statusCode, error: statusText(statusCode), message: text };
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
      .send(body(request, error.statusCode, error.reason, error.errors));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = toFieldErrors(error.validation, requestLanguage(request));
    return reply.code(400).send(body(request, 400, HTTP_MESSAGES.validationFailed, errors));
  }
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
    return reply
      .code(statusCode)
      .send(body(request, statusCode, FASTIFY_MESSAGES[code]?.(request) ?? HTTP_MESSAGES.clientError(error.message)));
  }
  // PostgreSQL or Redis away for a moment: the client may try again, nothing is wrong with its call.
  if (isBackendUnavailable(error)) {
    request.log.warn({ err: error }, 'request refused: a backend is unavailable');
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(body(request, 503, HTTP_MESSAGES.unavailable));
  }
  if (sqlState(error)?.startsWith('22')) {
    return reply.code(400).send(body(request, 400, HTTP_MESSAGES.invalidValueInRequest));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(body(request, 500, HTTP_MESSAGES.unexpected));
}
