import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { Histogram } from 'prom-client';
import type { RequestLabel } from './metrics.ts';
import { OPS_PATHS } from './ops.paths.ts';

/** The route label of a request no route matched: raw URLs would make a series per typo. */
export const UNMATCHED_ROUTE = 'unmatched';

type Labels = Record<RequestLabel, string>;
type OnResponse = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * The labels of one route pattern, made once per method and status code and then reused: a
 * request allocates nothing of its own to be counted (signed-in calls are benchmarked).
 */
function labelsOf(route: string): (method: string, statusCode: number) => Labels {
  const byMethod = new Map<string, Map<number, Labels>>();
  return (method, statusCode) => {
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let labels = byStatus.get(statusCode);
    if (!labels) {
      labels = { method, route, status_code: String(statusCode) };
      byStatus.set(statusCode, labels);
    }
    return labels;
  };
}

/**
 * A route that hands its request to the not-found handler (a missing static file) runs its own
 * hooks and the app-wide ones: `unmatched` says which of them counts it, never both.
 */
function observer(histogram: Histogram<RequestLabel>, route: string, unmatched: boolean): OnResponse {
  const labels = labelsOf(route);
  return (request, reply, done) => {
    if (request.is404 === unmatched) {
      // elapsedTime is what Fastify measured from the request's arrival, in milliseconds.
      histogram.observe(labels(request.method, reply.statusCode), reply.elapsedTime / 1000);
    }
    done();
  };
}

function withHook(existing: RouteOptions['onResponse'], hook: OnResponse): OnResponse[] {
  if (!existing) return [hook];
  return [...(Array.isArray(existing) ? existing : [existing]), hook] as OnResponse[];
}

/**
 * Times every request into `histogram` by its route pattern (`/main-api/tags/:id`), never its raw
 * URL. Each route gets its own onResponse hook with its pattern built in, so no request looks its
 * route up; requests no route matched are counted by one app-wide hook under UNMATCHED_ROUTE. The
 * probes and /metrics are left out: a scraper's own calls are not the app's traffic.
 * Register before any route.
 */
export function registerRequestMetrics(app: FastifyInstance, histogram: Histogram<RequestLabel>): void {
  app.addHook('onResponse', observer(histogram, UNMATCHED_ROUTE, true));
  app.addHook('onRoute', (route) => {
    if (OPS_PATHS.includes(route.url)) return;
    route.onResponse = withHook(route.onResponse, observer(histogram, route.url, false));
  });
}
