import type { FastifyInstance } from 'fastify';

/**
 * The web client sends `Content-Type: application/json` on every call, DELETE included, often
 * with no body: an empty JSON body is taken as no body instead of Fastify's 400. Everything
 * else goes through Fastify's own parser (prototype-poisoning protection included).
 */
export function registerJsonParser(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = body.toString();
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
