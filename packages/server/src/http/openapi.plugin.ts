import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { HEADER_ACCOUNT_KEY, paths } from '@regie/contract/api';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { dropUnusedSchemas, nameOperations, nameWildcard } from './openapi.document.ts';
import { SECURITY_SCHEMES } from './responses.schema.ts';

/** Each route's zod schemas as JSON schemas; a schema named with `.meta({ id })` becomes a `$ref`. */
const routeSchemas = createJsonSchemaTransform({ skipList: [`${paths.docs}/*`] });

const transform: SwaggerTransform = (input) => {
  const result = routeSchemas(input);
  const { url, params } = nameWildcard(result.url, result.schema.params);
  return { url, schema: params === undefined ? result.schema : { ...result.schema, params } };
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
