import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { paths } from '@regie/contract/api';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

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
        description: 'Back-office API of the Regie video platform. Send `Authorization: Bearer <token>`.',
        version: '6.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'The accessToken from login' } },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [`${paths.docs}/*`] }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: paths.docs });
}
