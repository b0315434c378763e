/**
 * "A backend is away": PostgreSQL restarting or unreachable, Redis down. A call that meets one
 * answers 503 with Retry-After (http/errors.handler.ts) rather than 500, and background loops
 * back off and go on: nothing here needs a restart, the pool and the Redis client reconnect.
 */

/** Seconds a client is told to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

export type Backend = 'database' | 'realtime';

/** A backend could not be reached: what the Redis hub throws when a publish fails. */
export class BackendUnavailableError extends Error {
  constructor(
    readonly backend: Backend,
    options?: { cause?: unknown },
  ) {
    super(`${backend} unavailable`, options);
    this.name = 'BackendUnavailableError';
  }
}

/**
 * SQLSTATEs of a connection that failed or was cut: class 08 (connection exception), 57P01–57P05
 * (admin shutdown, crash shutdown, cannot connect now, database dropped, idle session timeout),
 * 53300 (too many connections). Not the rest of class 57: 57014 is a statement timeout, the
 * query's own fault.
 */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53300']);

/** Socket errors: the server is not there, or went away mid-conversation. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words when a connection breaks or cannot be had (they carry no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function field(error: object, name: string): unknown {
  return (error as Record<string, unknown>)[name];
}

/** One error of the chain, without its causes. */
function isConnectionFailure(error: object): boolean {
  if (error instanceof BackendUnavailableError) return true;
  const code = field(error, 'code');
  if (typeof code === 'string') {
    if (code.startsWith('08') || CONNECTION_STATES.has(code) || SOCKET_CODES.has(code)) return true;
  }
  // PostgreSQL ends the session with a FATAL error: "database … is not currently accepting
  // connections" (55000 at connect time), "the database system is starting up", and so on.
  const severity = field(error, 'severity');
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  const message = field(error, 'message');
  return typeof message === 'string' && DRIVER_MESSAGES.some((words) => message.startsWith(words));
}

/**
 * Whether `error` (or what caused it: Drizzle wraps the driver's error, a connection refused on
 * every address of a name comes as an AggregateError) says a backend is away rather than that
 * the request or our code is wrong.
 */
export function isBackendUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (isConnectionFailure(error)) return true;
  const errors = field(error, 'errors');
  if (Array.isArray(errors) && errors.some((inner) => isBackendUnavailable(inner, depth + 1))) return true;
  return isBackendUnavailable(field(error, 'cause'), depth + 1);
}

/**
 * A promise rejected with no one to catch it ends a Node process by default. In a server that
 * would turn one forgotten `.catch` on a query that met an outage into every user's outage: the
 * rejection is logged (as a bug to fix) and the process goes on. Thrown exceptions still end it.
 */
export function keepServingOnStrayRejections(log: (reason: unknown) => void): void {
  process.on('unhandledRejection', log);
}
