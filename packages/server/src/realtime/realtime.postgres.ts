import pg from 'pg';
import { type HubEnvelope, isHubEnvelope, LocalSubscriptions, type RealtimeHub } from './realtime.hub.ts';
import { readEnvelope, sendEnvelope } from './realtime.postgres.envelopes.ts';
import { PostgresListener } from './realtime.postgres.listener.ts';

export interface PostgresHubOptions {
  /** The database every process shares: NOTIFY reaches the listeners of the same database. */
  url: string;
  /** One channel carries every event; processes sharing a database keep apart by using their own. */
  channel?: string;
  onError?: (error: unknown) => void;
  /** The longest wait between two attempts to listen again; the first waits 100 ms, then doubles. */
  maxBackoffMs?: number;
}

export const DEFAULT_POSTGRES_CHANNEL = 'regie_realtime';
export { LISTENER_APPLICATION_NAME } from './realtime.postgres.listener.ts';

/**
 * PostgreSQL LISTEN/NOTIFY across processes, for deployments without Redis: every process
 * notifies one channel and listens to it, then hands each event to its own local subscribers.
 * An event published here comes back through PostgreSQL too, so every process sees events in
 * the same (commit) order. Publishing goes through a pool of one connection, so this process's
 * events leave in the order they were published; listening holds a connection of its own.
 *
 * Events missed while the listener is down cannot be replayed: the hub reconnects with backoff
 * and calls its resync listeners when the listener is lost, after every failed attempt and once
 * it listens again, so processes drop what they derived from events (cached sessions) instead of
 * trusting it.
 */
export async function createPostgresHub(options: PostgresHubOptions): Promise<RealtimeHub> {
  const channel = options.channel ?? DEFAULT_POSTGRES_CHANNEL;
  const onError = options.onError ?? (() => undefined);
  const subscriptions = new LocalSubscriptions();
  const resyncListeners = new Set<() => void>();
  // One connection: publishes queue in call order (a job's progress never overtakes its end).
  const publisher = new pg.Pool({ connectionString: options.url, max: 1 });
  // An idle connection that breaks emits here; without a listener it would crash the process.
  publisher.on('error', onError);
  // Notifications are handled one after the other: a stored event's read must not let the
  // events behind it pass.
  let delivered: Promise<void> = Promise.resolve();

  const resync = () => {
    for (const resyncListener of resyncListeners) {
      try {
        resyncListener();
      } catch (error) {
        onError(error);
      }
    }
  };

  async function deliver(payload: string): Promise<void> {
    const text = await readEnvelope(publisher, payload, onError);
    if (text === null) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch (error) {
      onError(error);
      return;
    }
    if (isHubEnvelope(envelope)) subscriptions.dispatch(envelope.topic, envelope.event, onError);
  }

  const listener = new PostgresListener({
    url: options.url,
    channel,
    maxBackoffMs: options.maxBackoffMs ?? 5_000,
    onNotification: (payload) => {
      delivered = delivered.then(() => deliver(payload)).catch(onError);
    },
    onError,
    onResync: resync,
  });
  try {
    await listener.start();
  } catch (error) {
    await publisher.end().catch(() => undefined);
    throw error;
  }

  return {
    backend: 'postgres',
    publish: (topic, event) => sendEnvelope(publisher, channel, JSON.stringify({ topic, event } satisfies HubEnvelope)),
    subscribe: (pattern, listen) => subscriptions.add(pattern, listen),
    async ping() {
      // Down while the listener is away: events would be published but not received.
      if (!listener.listening) throw new Error('the realtime listener is not connected to PostgreSQL');
      await publisher.query('select 1');
    },
    onResync(resyncListener) {
      resyncListeners.add(resyncListener);
      return () => {
        resyncListeners.delete(resyncListener);
      };
    },
    async close() {
      await Promise.allSettled([listener.close(), delivered.then(() => publisher.end())]);
    },
  };
}
