import {
  ADMIN_TOPICS,
  REALTIME_CLOSE,
  REALTIME_CONTROL_TYPES,
  type RealtimeClientMessage,
  type RealtimeEvent,
  topicMatches,
} from '@regie/contract/realtime';

/** What the socket signs in with: the token and the account acted for (as x-account-key). */
export interface RealtimeCredentials {
  token: string;
  accountKey: string | undefined;
}

export type RealtimeHandler = (event: RealtimeEvent) => void;

/** The part of the browser's WebSocket the connection uses (a test passes a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeConnectionOptions {
  createSocket: () => SocketLike;
  /** Delay before the n-th reconnection attempt (0-based). */
  backoffMs?: (attempt: number) => number;
  /** Channel errors go to the console (spec §8). */
  logError?: (message: string, detail?: unknown) => void;
}

const OPEN = 1;
const control: readonly string[] = REALTIME_CONTROL_TYPES;
/** Closes after which reconnecting with the same credentials cannot help. */
const REFUSED: readonly number[] = [REALTIME_CLOSE.unauthorized, REALTIME_CLOSE.forbidden];

/** 1 s, 2 s, 4 s… up to 30 s, with jitter so that a restarted server is not hit by every tab at once. */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

function isEvent(value: unknown): value is RealtimeEvent {
  if (typeof value !== 'object' || value === null) return false;
  if (!('type' in value) || !('topic' in value)) return false;
  return typeof value.type === 'string' && typeof value.topic === 'string' && !control.includes(value.type);
}

/** A control message the client acts on: the server accepted the channel, or reports an error. */
type ControlMessage = { type: 'ready'; accountId: number | null } | { type: 'error'; message: string | undefined };

/** A server message: an event for the handlers, a control message, or null (logged when not JSON). */
function parseMessage(
  data: unknown,
  logError: NonNullable<RealtimeConnectionOptions['logError']>,
): ControlMessage | { type: 'event'; event: RealtimeEvent } | null {
  let message: unknown;
  try {
    message = JSON.parse(String(data));
  } catch {
    logError('Realtime: a message that is not JSON', data);
    return null;
  }
  return isEvent(message) ? { type: 'event', event: message } : controlMessage(message);
}

function controlMessage(value: unknown): ControlMessage | null {
  if (typeof value !== 'object' || value === null || !('type' in value)) return null;
  if (value.type === 'ready') {
    const accountId = 'accountId' in value && typeof value.accountId === 'number' ? value.accountId : null;
    return { type: 'ready', accountId };
  }
  if (value.type === 'error') {
    const message = 'message' in value && typeof value.message === 'string' ? value.message : undefined;
    return { type: 'error', message };
  }
  return null;
}

/** The screens' handlers by topic pattern, and the hand-out of an event to those it matches. */
function createHandlers() {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  return {
    dispatch(event: RealtimeEvent): void {
      for (const [pattern, set] of handlers) {
        if (!topicMatches(pattern, event.topic)) continue;
        for (const handler of set) handler(event);
      }
    },
    subscribe(topic: string, handler: RealtimeHandler): () => void {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler);
      return () => {
        const current = handlers.get(topic);
        if (current?.delete(handler) && current.size === 0) handlers.delete(topic);
      };
    },
  };
}

function authMessage({ token, accountKey }: RealtimeCredentials): RealtimeClientMessage {
  return accountKey ? { type: 'auth', token, accountKey } : { type: 'auth', token };
}

/** Logs why the channel closed; false when the server refused it (the same credentials cannot help). */
function mayReconnect(event: CloseEvent, logError: NonNullable<RealtimeConnectionOptions['logError']>): boolean {
  if (REFUSED.includes(event.code)) {
    // A new token or account (setCredentials) opens the channel again.
    logError(`Realtime: refused (${event.code}) ${event.reason}`);
    return false;
  }
  logError(`Realtime: connection closed (${event.code}${event.reason ? ` ${event.reason}` : ''}), reconnecting`);
  return true;
}

/** The account the channel acts for (null until the server accepted it), and who listens to it. */
function createAccountWatch() {
  let accountId: number | null = null;
  const listeners = new Set<(accountId: number | null) => void>();
  return {
    get: (): number | null => accountId,
    /** Tells the listeners when the account changes. */
    set(next: number | null): void {
      if (next === null && accountId === null) return;
      accountId = next;
      for (const listener of listeners) listener(next);
    },
    listen(listener: (accountId: number | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The topics subscribed on the server (`/admin/**` always), with how many screens joined each:
 * the first join subscribes, the last leave unsubscribes, a new channel subscribes them all again.
 */
function createJoinedTopics(send: (message: RealtimeClientMessage) => void, isReady: () => boolean) {
  const joined = new Map<string, number>([[ADMIN_TOPICS, 1]]);
  return {
    subscribeAll(): void {
      for (const topic of joined.keys()) send({ type: 'subscribe', topic });
    },
    join(topic: string): () => void {
      const count = joined.get(topic) ?? 0;
      joined.set(topic, count + 1);
      if (count === 0 && isReady()) send({ type: 'subscribe', topic });
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (joined.get(topic) ?? 1) - 1;
        if (remaining > 0) return void joined.set(topic, remaining);
        joined.delete(topic);
        if (isReady()) send({ type: 'unsubscribe', topic });
      };
    },
  };
}

/**
 * The reconnection timer: each attempt waits longer (backoff) until reset, which the server's
 * 'ready' and new credentials do.
 */
function createReconnectTimer(backoff: (attempt: number) => number, reconnect: () => void) {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule(): void {
      const delay = backoff(attempt);
      attempt += 1;
      timer = setTimeout(() => {
        timer = null;
        reconnect();
      }, delay);
    },
    cancel(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
    reset(): void {
      attempt = 0;
    },
  };
}

/** Closes a socket the connection let go of, without its handlers reacting to the close. */
function closeQuietly(socket: SocketLike): void {
  socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
  socket.close(1000, 'Signed out or switched account');
}

function sameCredentials(a: RealtimeCredentials | null, b: RealtimeCredentials | null): boolean {
  return a?.token === b?.token && a?.accountKey === b?.accountKey;
}

/**
 * One realtime channel (contract realtime.ts): authenticates, subscribes to `/admin/**` (spec §7)
 * and to the topics screens join (`/admin/{event}`), hands each event to the handlers whose
 * pattern matches it, reconnects with backoff after a drop and subscribes again. The server sends
 * an event once per socket, however many of its topics match.
 */
export function createRealtimeConnection(options: RealtimeConnectionOptions) {
  const backoff = options.backoffMs ?? defaultBackoffMs;
  const logError = options.logError ?? ((message, detail) => console.error(message, detail));
  const handlers = createHandlers();
  let credentials: RealtimeCredentials | null = null;
  let socket: SocketLike | null = null;
  let ready = false;
  const account = createAccountWatch();
  const retry = createReconnectTimer(backoff, () => connect());

  function send(message: RealtimeClientMessage): void {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }
  const topics = createJoinedTopics(send, () => ready);

  function disconnect(): void {
    retry.cancel();
    const current = socket;
    socket = null;
    ready = false;
    if (current) closeQuietly(current);
    account.set(null);
  }

  function handleMessage(data: unknown): void {
    const message = parseMessage(data, logError);
    if (message?.type === 'event') {
      handlers.dispatch(message.event);
    } else if (message?.type === 'ready') {
      ready = true;
      retry.reset();
      topics.subscribeAll();
      account.set(message.accountId);
    } else if (message?.type === 'error') {
      logError(`Realtime: ${message.message ?? 'error'}`);
    }
  }

  function connect(): void {
    if (!credentials) return;
    const signedWith = credentials;
    const current = options.createSocket();
    socket = current;
    current.onopen = () => send(authMessage(signedWith));
    current.onmessage = (event) => handleMessage(event.data);
    current.onerror = (event) => logError('Realtime: channel error', event);
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      ready = false;
      account.set(null);
      if (mayReconnect(event, logError)) retry.schedule();
    };
  }

  return {
    /** Opens the channel for these credentials, or closes it for null (signed out). */
    setCredentials(next: RealtimeCredentials | null): void {
      if (sameCredentials(next, credentials)) return;
      disconnect();
      credentials = next;
      retry.reset();
      connect();
    },
    /**
     * Calls the handler with the events whose topic the pattern matches until the returned
     * function is called. Events of topics outside `/admin/**` come only once a screen joined them.
     */
    subscribe: handlers.subscribe,
    /** Subscribes the channel to a topic on the server (an event's `/admin/{event}`) until left. */
    join: topics.join,
    /** The account the channel acts for once the server accepted it; null otherwise. */
    accountId: account.get,
    onAccount: account.listen,
    close(): void {
      credentials = null;
      disconnect();
    },
  };
}

export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;
