import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * A check every request goes through, as a callback hook: Fastify runs it without a promise and a
 * microtask (an async hook costs both on every request). A throw is the request's error.
 */
export function syncHook(
  check: (request: FastifyRequest) => void,
): (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  return (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    done();
  };
}
