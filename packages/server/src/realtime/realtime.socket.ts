import fastifyWebsocket from '@fastify/websocket';
import {
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  REALTIME_PATH,
  type RealtimeClientMessage,
  type RealtimeEvent,
  type RealtimeServerMessage,
  realtimeClientMessage,
  topicMatches,
} from '@regie/contract/realtime';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { createMemoryCache } from '../cache/cache.service.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/http.errors.ts';
import { createSignedInResolver, type ResolveSignedIn } from '../tenancy/tenancy.cache.ts';
import { accountTopic, clientTopic, type RealtimeHub } from './realtime.hub.ts';
import { createActingWatch, createSessionWatch, type SessionWatch } from './realtime.sessions.ts';

/** Every topic a client may name (contract REALTIME_TOPIC_PATTERN): all of them live under /admin. */
const ALL_TOPICS = '/admin/**';

/** How stale the server's knowledge of a socket's session may get: the bound on closing it after a sign-out. */
export const SESSION_CHECK_MS = 5_000;

export interface RealtimeSocketOptions {
  db: Db;
  hub: RealtimeHub;
  /** The HTTP guards' resolver (cached per token); without one, an uncached one on `db`. */
  resolve?: ResolveSignedIn;
  heartbeatMs?: number;
  authTimeoutMs?: number;
  sessionCheckMs?: number;
}

interface Acting {
  sessionId: number;
  accountId: number;
  simulated: boolean;
  /** The acting session of an administrator acting for the account (issue 26), else null. */
  actingId: number | null;
}

/** What ends a socket: its session, and the acting session it was opened under. */
interface Watches {
  sessions: SessionWatch;
  acting: SessionWatch;
}

/** WebSocket close reasons are limited to 123 bytes. */
function closeReason(message: string): string {
  return Buffer.byteLength(message) <= 123 ? message : `${Buffer.from(message).subarray(0, 120).toString()}…`;
}

function send(socket: WebSocket, message: RealtimeServerMessage | RealtimeEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** The session and account of an auth message: the very resolution of an HTTP request's. */
async function authenticate(
  resolve: ResolveSignedIn,
  message: { token: string; accountKey?: string | undefined },
): Promise<Acting> {
  const { sessionId, context } = await resolve(message.token, message.accountKey);
  return {
    sessionId,
    accountId: context.account.id,
    simulated: context.simulated,
    actingId: context.acting?.id ?? null,
  };
}

function parseMessage(data: RawData): RealtimeClientMessage | null {
  try {
    const parsed = realtimeClientMessage.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** One socket's state, from its auth to its close. */
interface Connection {
  socket: WebSocket;
  options: Required<RealtimeSocketOptions>;
  watches: Watches;
  acting: Acting | null;
  unwatch: (() => void) | null;
  /**
   * The socket's topic patterns, and its one hub subscription to everything of its account: an
   * event goes out once even when several patterns match it (`/admin/**` and `/admin/{event}`).
   */
  patterns: Set<string>;
  unsubscribeHub: (() => void) | null;
  authTimer: ReturnType<typeof setTimeout>;
  sendEvent: (acting: Acting, event: RealtimeEvent) => void;
  close: (code: number, message: string) => void;
}

/** Events leave in order even when one waits for a session check. */
/** Whether the socket's session (and acting session, if any) still lives: at once when known. */
function liveness(watches: Watches, acting: Acting): boolean | Promise<boolean> {
  const session = watches.sessions.live(acting.sessionId);
  if (acting.actingId === null) return session;
  const stillActing = watches.acting.live(acting.actingId);
  if (session === false || stillActing === false) return false;
  if (session === true && stillActing === true) return true;
  return Promise.all([session, stillActing]).then(([one, other]) => one && other);
}

function createEventSender(socket: WebSocket, watches: Watches): Connection['sendEvent'] {
  let outgoing: Promise<void> = Promise.resolve();
  let waiting = 0;
  return (acting, event) => {
    const live = liveness(watches, acting);
    if (live === true && waiting === 0) return send(socket, event);
    waiting += 1;
    outgoing = outgoing
      .then(async () => {
        if (await live) send(socket, event);
      })
      .finally(() => {
        waiting -= 1;
      });
  };
}

/** Pings every heartbeatMs; a socket that did not answer the last ping is closed. */
function startHeartbeat(socket: WebSocket, heartbeatMs: number): () => void {
  let alive = true;
  const heartbeat = setInterval(() => {
    if (!alive) {
      socket.close(REALTIME_CLOSE.timeout, 'No pong to the last ping');
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, heartbeatMs);
  socket.on('pong', () => {
    alive = true;
  });
  return () => clearInterval(heartbeat);
}

function dropHubSubscription(connection: Connection): void {
  connection.unsubscribeHub?.();
  connection.unsubscribeHub = null;
}

async function handleAuth(
  connection: Connection,
  message: Extract<RealtimeClientMessage, { type: 'auth' }>,
): Promise<void> {
  const { socket, close } = connection;
  if (connection.acting) return send(socket, { type: 'error', message: 'Already authenticated' });
  let acting: Acting;
  try {
    acting = await authenticate(connection.options.resolve, message);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const code = error.statusCode === 403 ? REALTIME_CLOSE.forbidden : REALTIME_CLOSE.unauthorized;
    return close(code, error.message);
  }
  connection.acting = acting;
  clearTimeout(connection.authTimer);
  const { watches } = connection;
  const unwatchSession = watches.sessions.watch(acting.sessionId, (reason) =>
    close(REALTIME_CLOSE.unauthorized, reason),
  );
  // Acting for an account ended (stopped, switched, signed out): as its key is refused over HTTP.
  const unwatchActing =
    acting.actingId === null
      ? null
      : watches.acting.watch(acting.actingId, (reason) => close(REALTIME_CLOSE.forbidden, reason));
  connection.unwatch = () => {
    unwatchSession();
    unwatchActing?.();
  };
  return send(socket, { type: 'ready', accountId: acting.accountId, simulated: acting.simulated });
}

function unsubscribe(connection: Connection, topic: string): void {
  connection.patterns.delete(topic);
  if (connection.patterns.size === 0) dropHubSubscription(connection);
  send(connection.socket, { type: 'unsubscribed', topic });
}

function subscribe(connection: Connection, acting: Acting, topic: string): void {
  const { socket, patterns } = connection;
  const { accountId } = acting;
  if (!patterns.has(topic)) {
    if (patterns.size >= REALTIME_LIMITS.maxSubscriptions) {
      send(socket, { type: 'error', message: `At most ${REALTIME_LIMITS.maxSubscriptions} subscriptions` });
      return;
    }
    patterns.add(topic);
    // Only topics of the account acted for reach the listener: the hub topic starts with its id.
    connection.unsubscribeHub ??= connection.options.hub.subscribe(
      accountTopic(accountId, ALL_TOPICS),
      (full, event) => {
        const relative = clientTopic(accountId, full);
        if (relative === null || ![...patterns].some((pattern) => topicMatches(pattern, relative))) return;
        connection.sendEvent(acting, { topic: relative, type: event.type, payload: event.payload });
      },
    );
  }
  send(socket, { type: 'subscribed', topic });
}

async function handle(connection: Connection, message: RealtimeClientMessage): Promise<void> {
  if (message.type === 'ping') return send(connection.socket, { type: 'pong' });
  if (message.type === 'auth') return handleAuth(connection, message);
  const { acting } = connection;
  if (!acting) return connection.close(REALTIME_CLOSE.unauthorized, 'Send {type:"auth", token} first');
  if (message.type === 'unsubscribe') return unsubscribe(connection, message.topic);
  subscribe(connection, acting, message.topic);
}

/** One connection: auth first, then subscriptions scoped to the account it acts for. */
function handleConnection(
  socket: WebSocket,
  options: Required<RealtimeSocketOptions>,
  watches: Watches,
  log: FastifyBaseLogger,
): void {
  const close = (code: number, message: string) => socket.close(code, closeReason(message));
  const connection: Connection = {
    socket,
    options,
    watches,
    acting: null,
    unwatch: null,
    patterns: new Set<string>(),
    unsubscribeHub: null,
    sendEvent: createEventSender(socket, watches),
    close,
    authTimer: setTimeout(
      () => close(REALTIME_CLOSE.unauthorized, 'Send {type:"auth", token} first'),
      options.authTimeoutMs,
    ),
  };
  const stopHeartbeat = startHeartbeat(socket, options.heartbeatMs);

  // Messages are handled one after the other: a subscribe sent right after auth waits for it.
  let queue = Promise.resolve();
  socket.on('message', (data) => {
    queue = queue.then(async () => {
      if (socket.readyState !== socket.OPEN) return;
      const message = parseMessage(data);
      if (!message) return close(REALTIME_CLOSE.badMessage, 'Not a realtime client message');
      await handle(connection, message).catch((error: unknown) => {
        log.error({ err: error }, 'realtime message failed');
        close(1011, 'An unexpected error occurred');
      });
    });
  });
  socket.on('close', () => {
    connection.unwatch?.();
    clearTimeout(connection.authTimer);
    stopHeartbeat();
    connection.patterns.clear();
    dropHubSubscription(connection);
  });
}

/** GET /api/realtime (WebSocket), protocol in contract realtime.ts. */
export async function registerRealtimeSocket(app: FastifyInstance, options: RealtimeSocketOptions): Promise<void> {
  const settings: Required<RealtimeSocketOptions> = {
    heartbeatMs: REALTIME_LIMITS.heartbeatMs,
    authTimeoutMs: REALTIME_LIMITS.authTimeoutMs,
    sessionCheckMs: SESSION_CHECK_MS,
    ...options,
    resolve:
      options.resolve ??
      createSignedInResolver(options.db, createMemoryCache(0), (error) =>
        app.log.warn({ err: error }, 'session refresh lost'),
      ),
  };
  // Signed-out and expired sessions close their sockets within sessionCheckMs.
  const watchOptions = {
    checkMs: settings.sessionCheckMs,
    onError: (error: unknown) => app.log.warn({ err: error }, 'realtime session check failed'),
  };
  const watches: Watches = {
    sessions: createSessionWatch(options.db, watchOptions),
    acting: createActingWatch(options.db, watchOptions),
  };
  app.addHook('onClose', async () => {
    watches.sessions.stop();
    watches.acting.stop();
  });
  // The WebSocket plugin in a scope of its own: its onRequest and onResponse hooks (which look
  // for an upgrade) then run on this route only, not on every API call.
  await app.register(async (scope) => {
    // Before the plugin's own preClose (which closes sockets without a code): tell clients to come back.
    scope.addHook('preClose', (done) => {
      for (const client of scope.websocketServer.clients) {
        client.close(REALTIME_CLOSE.goingAway, 'Server shutting down');
      }
      done();
    });
    await scope.register(fastifyWebsocket, { options: { maxPayload: REALTIME_LIMITS.maxMessageBytes } });
    scope.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket, request) =>
      handleConnection(socket, settings, watches, request.log),
    );
  });
}
