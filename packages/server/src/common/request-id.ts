import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request (Fastify's `request.id`, a UUID; the `reqId` of its log lines) that the
 * code running now works for, without passing it down every call: a job enqueued by a request
 * stores it (jobs.queue.ts), and a job enqueued while a job runs inherits the running job's, so
 * one search of the logs follows a call to the end of the work it started.
 */
const current = new AsyncLocalStorage<string>();

export function currentRequestId(): string | undefined {
  return current.getStore();
}

/** Runs `work` (and what it starts) on behalf of `requestId`; none given, on behalf of none. */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? current.run(requestId, work) : current.exit(work);
}

/**
 * A pino mixin: a line logged on behalf of a request through a logger that does not name it
 * already (the app's or the worker's own, not request.log) gets its `reqId` too.
 */
export function requestIdMixin(_line: object, _level: number, logger: { bindings(): object }): object {
  const requestId = current.getStore();
  if (requestId === undefined || 'reqId' in logger.bindings()) return {};
  return { reqId: requestId };
}
