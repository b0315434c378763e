import type { FastifyInstance } from 'fastify';
import { type OpsEndpoints, opsAnswer } from './health.ts';
import { OPS_PATHS } from './ops.paths.ts';
import { trackWebSockets } from './websockets.ts';

/**
 * GET /livez, /readyz and /metrics on the API port: no session (probes and scrapers have none),
 * /metrics behind REGIE_METRICS_TOKEN when set. Left out of OpenAPI: they are not the product's API.
 * The port's WebSocket connections are counted for the metrics (regie_websockets_open).
 */
export async function opsRoutes(app: FastifyInstance, endpoints: OpsEndpoints): Promise<void> {
  trackWebSockets(app.server);
  for (const path of OPS_PATHS) {
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const answer = await opsAnswer(path, request.headers.authorization, endpoints);
      if (!answer) return reply.callNotFound();
      return reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
    });
  }
}
