import pg from 'pg';
import { type HubEnvelope, isHubEnvelope, LocalSubscriptions, type RealtimeHub } from './realtime.hub.ts';

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
/** What the listening connection is called in pg_stat_activity, so an operator can find it. */
export const LISTENER_APPLICATION_NAME = 'regie-realtime-listener';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; larger events go through hub_events. */
const NOTIFY_PAYLOAD_LIMIT_BYTES = 8000;
/** A large event's row outlives any listener that is still connected; older rows are pruned. */
const STORED_EVENT_LIFETIME = '1 minute';
const FIRST_BACKOFF_MS = 100;

/** A stored event is notified by its id alone; an inline one is its JSON (an object, never digits). */
const STORED_REFERENCE = /^\d+$/;

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
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const subscriptions = new LocalSubscriptions();
  const resyncListeners = new Set<() => void>();
  // One connection: publishes queue in call order (a job's progress never overtakes its end).
  const publisher = new pg.Pool({ connectionString: options.url, max: 1 });
  // An idle connection that breaks emits here; without a listener it would crash the process.
  publisher.on('error', onError);
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let backoffMs = FIRST_BACKOFF_MS;
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

  async function envelopeOf(payload: string): Promise<string | null> {
    if (!STORED_REFERENCE.test(payload)) return payload;
    const { rows } = await publisher.query<{ envelope: string }>('select envelope from hub_events where id = $1', [
      payload,
    ]);
    if (rows[0]) return rows[0].envelope;
    onError(new Error(`realtime event ${payload} was pruned before this process read it`));
    return null;
  }

  async function deliver(payload: string): Promise<void> {
    const text = await envelopeOf(payload);
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

  async function listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: LISTENER_APPLICATION_NAME,
      // A listener only reads: without keepalive a silently dropped connection would never end.
      keepAlive: true,
    });
    // Until it listens, a failure belongs to this attempt (thrown below); after, it is a loss.
    let listening = false;
    let failure: unknown = null;
    let lost = false;
    const onLost = (error: unknown) => {
      if (!listening) {
        failure ??= error;
        return;
      }
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      if (listener === client) listener = null;
      if (closed) return;
      onError(error);
      resync();
      scheduleListen();
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('realtime listener connection ended')));
    client.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      const payload = message.payload;
      delivered = delivered.then(() => deliver(payload)).catch(onError);
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      if (failure) throw failure;
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listening = true;
    listener = client;
  }

  function scheduleListen(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen().then(
        () => {
          backoffMs = FIRST_BACKOFF_MS;
          // Anything notified between the loss and this LISTEN never reached this process.
          resync();
        },
        (error: unknown) => {
          onError(error);
          resync();
          backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
          scheduleListen();
        },
      );
    }, backoffMs);
  }

  try {
    await listen();
  } catch (error) {
    await publisher.end().catch(() => undefined);
    throw error;
  }

  return {
    backend: 'postgres',
    async publish(topic, event) {
      const text = JSON.stringify({ topic, event } satisfies HubEnvelope);
      if (Buffer.byteLength(text) < NOTIFY_PAYLOAD_LIMIT_BYTES) {
        await publisher.query('select pg_notify($1, $2)', [channel, text]);
        return;
      }
      // Stored and notified in one statement (one transaction): the row is committed when the
      // notification arrives. Large events are rare, so pruning here keeps the table small.
      await publisher.query(
        `with stored as (insert into hub_events (envelope) values ($2) returning id),
              pruned as (delete from hub_events where created_at < now() - interval '${STORED_EVENT_LIFETIME}')
         select pg_notify($1, id::text) from stored`,
        [channel, text],
      );
    },
    subscribe: (pattern, listener) => subscriptions.add(pattern, listener),
    async ping() {
      // Down while the listener is away: events would be published but not received.
      if (!listener) throw new Error('the realtime listener is not connected to PostgreSQL');
      await publisher.query('select 1');
    },
    onResync(resyncListener) {
      resyncListeners.add(resyncListener);
      return () => {
        resyncListeners.delete(resyncListener);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const current = listener;
      listener = null;
      await Promise.allSettled([current?.end(), delivered.then(() => publisher.end())]);
    },
  };
}
