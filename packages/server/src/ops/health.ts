import { timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import { renderMessage } from '@regie/contract/messages.render';
import { sql } from 'drizzle-orm';
import type { Registry } from 'prom-client';
import type { Db } from '../db/database.ts';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import { LIVENESS_PATH, METRICS_PATH, READINESS_PATH } from './ops.paths.ts';
import { withTimeout } from './ops.timeout.ts';

/** A dependency that does not answer within this is down: a probe must answer before its own timeout. */
export const READINESS_TIMEOUT_MS = 1_000;
/** What a 503 of /readyz tells a client (a load balancer, a script) to wait before asking again. */
export const READINESS_RETRY_AFTER_SECONDS = 5;

/** What a readiness probe asks: each resolves when its dependency answers. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

/** The database, and the hub's backend when it is not in-process (Redis): named as /readyz reports them. */
export function readinessChecks(db: Db, hub: RealtimeHub): ReadinessChecks {
  const checks: ReadinessChecks = { database: () => db.execute(sql`select 1`) };
  if (hub.backend !== 'memory') checks[hub.backend] = () => hub.ping();
  return checks;
}

/** The answer of an operations endpoint, the same from the API's Fastify and a worker's own server. */
export interface OpsAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

const NO_STORE = 'no-store';

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): OpsAnswer {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': NO_STORE, ...headers },
    body: JSON.stringify(body),
  };
}

export async function readiness(checks: ReadinessChecks): Promise<OpsAnswer> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(
    names.map((name) => withTimeout(Promise.resolve().then(checks[name]), READINESS_TIMEOUT_MS, name)),
  );
  const states = Object.fromEntries(
    names.map((name, index) => [name, results[index]?.status === 'fulfilled' ? 'up' : 'down']),
  );
  const down = names.filter((name) => states[name] === 'down');
  if (down.length === 0) return json(200, { status: 'ok', checks: states });
  return json(
    503,
    { status: 'unavailable', down, checks: states },
    { 'retry-after': String(READINESS_RETRY_AFTER_SECONDS) },
  );
}

/** Whether a scraper may read /metrics: anyone when no token is configured, else a bearer of it. */
function metricsRefusal(token: string | null, authorization: string | undefined): OpsAnswer | null {
  if (token === null) return null;
  const given = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
  if (given !== null && given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token))) {
    return null;
  }
  const message = given === null ? AUTH_MESSAGES.missingToken : AUTH_MESSAGES.invalidToken;
  return json(401, { statusCode: 401, error: 'Unauthorized', message: renderMessage(message, 'en') });
}

export interface OpsEndpoints {
  registry: Registry;
  checks: ReadinessChecks;
  /** REGIE_METRICS_TOKEN: null leaves /metrics open (keep the port private). */
  metricsToken: string | null;
}

/** The answer to GET `path` (its query string removed), or null when it is not an operations endpoint. */
export async function opsAnswer(
  path: string,
  authorization: string | undefined,
  endpoints: OpsEndpoints,
): Promise<OpsAnswer | null> {
  switch (path) {
    case LIVENESS_PATH:
      // Answering at all is the proof: the event loop turns.
      return json(200, { status: 'ok' });
    case READINESS_PATH:
      return readiness(endpoints.checks);
    case METRICS_PATH: {
      const refusal = metricsRefusal(endpoints.metricsToken, authorization);
      if (refusal) return refusal;
      return {
        statusCode: 200,
        headers: { 'content-type': endpoints.registry.contentType, 'cache-control': NO_STORE },
        body: await endpoints.registry.metrics(),
      };
    }
    default:
      return null;
  }
}
