import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { HEADER_ACCOUNT_KEY, paths } from '@regie/contract/api';
import { errorBody } from '@regie/contract/auth';
import { isRecord } from '@regie/contract/guards';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { $ZodType, globalRegistry } from 'zod/v4/core';
import { describedJson, fileResponse } from './media.schema.ts';
import { dropUnusedSchemas, nameOperations, nameWildcard } from './openapi.document.ts';
import { SECURITY_SCHEMES } from './responses.schema.ts';

/** Each route's zod schemas as JSON schemas; a schema named with `.meta({ id })` becomes a `$ref`. */
const routeSchemas = createJsonSchemaTransform({ skipList: [`${paths.docs}/*`] });

/** What a route answers when it refuses its request's path, query, headers or body. */
const INVALID_REQUEST = describedJson(
  'The path, the query, the headers or the body is not valid (`errors` names each wrong field)',
  errorBody,
);

/** The parts of a request a route validates (Fastify's) or reads itself (`documentedBody`). */
const VALIDATED = ['params', 'querystring', 'headers', 'body', 'documentedBody'] as const;

/**
 * A route's responses as documented: a success of a route that `produces` a media type (a
 * stream) is text of that type, its refusals stay the error handler's JSON; a route that checks
 * its request answers 400 when it is wrong, whether it says so or not.
 */
function documentedResponses(schema: FastifySchema): unknown {
  const { response, produces } = schema;
  if (!isRecord(response)) return response;
  const documented: Record<string, unknown> = { ...response };
  for (const [code, entry] of Object.entries(response)) {
    if (!produces?.length || Number(code.slice(0, 1)) >= 4 || !(entry instanceof $ZodType)) continue;
    documented[code] = fileResponse(globalRegistry.get(entry)?.description ?? 'The stream', produces);
  }
  const validates = VALIDATED.some((part) => schema[part] !== undefined);
  if (validates && !('400' in documented) && !('4xx' in documented)) documented[400] = INVALID_REQUEST;
  return documented;
}

const transform: SwaggerTransform = (input) => {
  // A route without a schema is no API call of Regie's (the local social stand-ins' pages and
  // endpoints, another web site's): not documented.
  if (input.schema === undefined) return { url: input.url, schema: { hide: true } };
  const { produces, documentedBody, ...schema } = input.schema ?? {};
  const result = routeSchemas({
    ...input,
    schema: input.schema ? { ...schema, response: documentedResponses(input.schema) } : input.schema,
  });
  const { url, params } = nameWildcard(result.url, result.schema.params);
  const documented = params === undefined ? result.schema : { ...result.schema, params };
  if (!documentedBody) return { url, schema: documented };
  // A body the handler reads itself: each media type's schema, made as the type provider makes a body's.
  const content = Object.fromEntries(
    Object.entries(documentedBody).map(([type, body]) => [
      type,
      { schema: routeSchemas({ ...input, schema: { body } }).schema.body },
    ]),
  );
  return { url, schema: { ...documented, body: { content } } };
};

/** The named zod schemas (contract `.meta({ id })`) as components; then operationIds, unused ones out. */
const namedSchemas = createJsonSchemaTransformObject({});

const transformObject: SwaggerTransformObject = (input) => {
  const document = namedSchemas(input);
  nameOperations(document.paths ?? {});
  dropUnusedSchemas(document);
  return document;
};

/**
 * The OpenAPI document is generated from the same contract zod schemas the routes validate
 * with: JSON at /api/docs/json, browsable at /api/docs. Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Regie API',
        description:
          'Back-office API of the Regie video platform. Send `Authorization: Bearer <token>` (the accessToken ' +
          `from login), and \`${HEADER_ACCOUNT_KEY}\` to act for another account (admins).`,
        version: '6.0.0',
      },
      // Relative: the API is served by the host that serves this document.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.bearer]: { type: 'http', scheme: 'bearer', description: 'The accessToken from login' },
          [SECURITY_SCHEMES.accountKey]: {
            type: 'apiKey',
            in: 'header',
            name: HEADER_ACCOUNT_KEY,
            description:
              'The key of the account the call is for: an admin acting for an account sends its key, the ' +
              "others may send their own (it is their account's without it); a fan's sign-up and sign-in name the club by it",
          },
        },
      },
    },
    transform,
    transformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: paths.docs });
}
