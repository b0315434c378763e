import type { FastifyInstance } from 'fastify';
import { withRequestId } from '../common/request-id.ts';

/** Every answer names its request: what a person reports, what the logs and the audit trail find. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Sends the request id in a header, and makes it the current one (common/request-id.ts) for what
 * follows: the request's other hooks, its body, its handler and all they start.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    withRequestId(request.id, done);
  });
}
