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
  const record = value as Record<string, unknown>;
  return typeof record.type === 'string' && typeof record.topic === 'string' && !control.includes(record.type);
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
  const handlers = new Map<string, Set<RealtimeHandler>>();
  /** Topics subscribed on the server, with how many screens joined each. */
  const joined = new Map<string, number>([[ADMIN_TOPICS, 1]]);
  const readyListeners = new Set<(accountId: number | null) => void>();
  let credentials: RealtimeCredentials | null = null;
  let socket: SocketLike | null = null;
  let ready = false;
  let accountId: number | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  function send(message: RealtimeClientMessage): void {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function setAccount(next: number | null): void {
    accountId = next;
    for (const listener of readyListeners) listener(next);
  }

  function disconnect(): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const current = socket;
    socket = null;
    ready = false;
    if (current) {
      current.onopen = current.onmessage = current.onclose = current.onerror = null;
      current.close(1000, 'Signed out or switched account');
    }
    if (accountId !== null) setAccount(null);
  }

  function scheduleReconnect(): void {
    const delay = backoff(attempt);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  }

  function handleMessage(data: unknown): void {
    let message: unknown;
    try {
      message = JSON.parse(String(data));
    } catch {
      logError('Realtime: a message that is not JSON', data);
      return;
    }
    if (isEvent(message)) {
      for (const [pattern, set] of handlers) {
        if (!topicMatches(pattern, message.topic)) continue;
        for (const handler of set) handler(message);
      }
      return;
    }
    const typed = message as { type: string; accountId?: number; message?: string };
    if (typed.type === 'ready') {
      ready = true;
      attempt = 0;
      for (const topic of joined.keys()) send({ type: 'subscribe', topic });
      setAccount(typeof typed.accountId === 'number' ? typed.accountId : null);
    } else if (typed.type === 'error') {
      logError(`Realtime: ${typed.message ?? 'error'}`);
    }
  }

  function connect(): void {
    if (!credentials) return;
    const signedWith = credentials;
    const current = options.createSocket();
    socket = current;
    current.onopen = () => {
      const auth: RealtimeClientMessage = { type: 'auth', token: signedWith.token };
      if (signedWith.accountKey) auth.accountKey = signedWith.accountKey;
      send(auth);
    };
    current.onmessage = (event) => handleMessage(event.data);
    current.onerror = (event) => logError('Realtime: channel error', event);
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      ready = false;
      if (accountId !== null) setAccount(null);
      if (REFUSED.includes(event.code)) {
        // A new token or account (setCredentials) opens the channel again.
        logError(`Realtime: refused (${event.code}) ${event.reason}`);
        return;
      }
      logError(`Realtime: connection closed (${event.code}${event.reason ? ` ${event.reason}` : ''}), reconnecting`);
      scheduleReconnect();
    };
  }

  return {
    /** Opens the channel for these credentials, or closes it for null (signed out). */
    setCredentials(next: RealtimeCredentials | null): void {
      if (next?.token === credentials?.token && next?.accountKey === credentials?.accountKey) return;
      disconnect();
      credentials = next;
      attempt = 0;
      connect();
    },
    /**
     * Calls the handler with the events whose topic the pattern matches until the returned
     * function is called. Events of topics outside `/admin/**` come only once a screen joined them.
     */
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
    /** Subscribes the channel to a topic on the server (an event's `/admin/{event}`) until left. */
    join(topic: string): () => void {
      const count = joined.get(topic) ?? 0;
      joined.set(topic, count + 1);
      if (count === 0 && ready) send({ type: 'subscribe', topic });
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (joined.get(topic) ?? 1) - 1;
        if (remaining > 0) return void joined.set(topic, remaining);
        joined.delete(topic);
        if (ready) send({ type: 'unsubscribe', topic });
      };
    },
    /** The account the channel acts for once the server accepted it; null otherwise. */
    accountId: (): number | null => accountId,
    onAccount(listener: (accountId: number | null) => void): () => void {
      readyListeners.add(listener);
      return () => readyListeners.delete(listener);
    },
    close(): void {
      credentials = null;
      disconnect();
    },
  };
}

export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;
