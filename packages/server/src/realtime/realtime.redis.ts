import { createClient } from 'redis';
import { BackendUnavailableError } from '../common/unavailable.ts';
import { type HubEnvelope, isHubEnvelope, LocalSubscriptions, type RealtimeHub } from './realtime.hub.ts';

export interface RedisHubOptions {
  url: string;
  /** One channel carries every event; processes sharing a Redis keep apart by using their own. */
  channel?: string;
  onError?: (error: unknown) => void;
}

export const DEFAULT_REDIS_CHANNEL = 'regie:realtime';

/**
 * Redis pub/sub across processes: every process publishes to one channel and subscribes to it,
 * then hands each event to its own local subscribers. An event published here comes back through
 * Redis too, so every process sees events in the same order. Two connections, because a Redis
 * connection in subscriber mode can do nothing else.
 */
export async function createRedisHub(options: RedisHubOptions): Promise<RealtimeHub> {
  const channel = options.channel ?? DEFAULT_REDIS_CHANNEL;
  const onError = options.onError ?? (() => undefined);
  const subscriptions = new LocalSubscriptions();
  // While Redis is away a publish fails at once (no offline queue) rather than waiting for it to
  // come back: a call that must publish answers 503, the others log the lost event. The
  // subscriber keeps its queue: it sends nothing but its subscription, which it renews itself.
  const publisher = createClient({ url: options.url, disableOfflineQueue: true });
  const subscriber = publisher.duplicate({ disableOfflineQueue: false });
  // Without a listener a connection error would crash the process; the client reconnects itself.
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  // Pub/sub keeps nothing for a subscriber that is away: once it is back (the client reconnects
  // and subscribes again by itself), what was derived from events must be dropped.
  const resyncListeners = new Set<() => void>();
  subscriber.on('ready', () => {
    for (const listener of resyncListeners) {
      try {
        listener();
      } catch (error) {
        onError(error);
      }
    }
  });
  await subscriber.subscribe(channel, (message) => {
    let envelope: unknown;
    try {
      envelope = JSON.parse(message);
    } catch (error) {
      onError(error);
      return;
    }
    if (isHubEnvelope(envelope)) subscriptions.dispatch(envelope.topic, envelope.event, onError);
  });

  return {
    backend: 'redis',
    async publish(topic, event) {
      const message = JSON.stringify({ topic, event } satisfies HubEnvelope);
      try {
        await publisher.publish(channel, message);
      } catch (error) {
        throw new BackendUnavailableError('realtime', { cause: error });
      }
    },
    subscribe: (pattern, listener) => subscriptions.add(pattern, listener),
    onResync(listener) {
      resyncListeners.add(listener);
      return () => {
        resyncListeners.delete(listener);
      };
    },
    async ping() {
      // While reconnecting, the client would queue the PING until Redis is back: down now.
      if (!publisher.isReady || !subscriber.isReady) throw new Error('Redis is not connected');
      await publisher.ping();
    },
    async close() {
      await Promise.allSettled([subscriber.close(), publisher.close()]);
    },
  };
}
