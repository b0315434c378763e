import type { FastifyInstance } from 'fastify';

/** Every answer names its request: what a person reports, what the logs and the audit trail find. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Sends the request id in a header. The id reaches what the request starts explicitly (the audit
 * entry's source, a job's `requestId`), not through AsyncLocalStorage: on Node 20 its hooks, once
 * enabled, slow every promise of the process (the signed-in calls by 5–10 % in bench:api).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
