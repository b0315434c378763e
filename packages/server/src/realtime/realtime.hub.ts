import { isRecord } from '@regie/contract/guards';
import { topicMatches } from '@regie/contract/realtime';

/**
 * The realtime hub: publish an event on a topic, subscribe to topic patterns. Topics are
 * slash-separated; in a pattern `*` matches one segment and a final `**` any number (none too).
 * Backends, chosen once at boot (realtime.backend.ts): in-process (one server), Redis pub/sub
 * (realtime.redis.ts) or PostgreSQL LISTEN/NOTIFY (realtime.postgres.ts).
 *
 * Topics inside the hub always start with the account id (`12/admin/jobs`): clients name them
 * without it and the socket adds the account it acts for, so nobody can listen to another account.
 */
export interface HubEvent {
  type: string;
  payload: unknown;
}

export type HubListener = (topic: string, event: HubEvent) => void;

export interface RealtimeHub {
  readonly backend: 'memory' | 'redis' | 'postgres';
  publish(topic: string, event: HubEvent): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe(pattern: string, listener: HubListener): () => void;
  /**
   * Called when events may have been missed (the connection to the other processes was lost,
   * or is back): what a process derived from events, such as cached sessions that a purge
   * would have dropped, must be dropped too. Returns the function that ends it.
   */
  onResync(listener: () => void): () => void;
  /** Resolves once the hub's backend answers (Redis: a PING); rejects when it is unreachable (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The hub topic of an account-relative topic such as '/admin/jobs'. */
export function accountTopic(accountId: number, topic: string): string {
  return `${accountId}${topic}`;
}

/** The account-relative topic a client sees, or null when the topic is not of that account. */
export function clientTopic(accountId: number, topic: string): string | null {
  const prefix = `${accountId}/`;
  return topic.startsWith(prefix) ? topic.slice(prefix.length - 1) : null;
}

interface Subscription {
  pattern: string;
  listener: HubListener;
}

/** Subscriptions indexed by their first segment (the account id), so publishing stays cheap. */
export class LocalSubscriptions {
  private readonly byHead = new Map<string, Set<Subscription>>();

  add(pattern: string, listener: HubListener): () => void {
    const head = pattern.split('/', 1)[0] ?? '';
    const subscription = { pattern, listener };
    let set = this.byHead.get(head);
    if (!set) {
      set = new Set();
      this.byHead.set(head, set);
    }
    set.add(subscription);
    return () => {
      set.delete(subscription);
      if (set.size === 0 && this.byHead.get(head) === set) this.byHead.delete(head);
    };
  }

  dispatch(topic: string, event: HubEvent, onError: (error: unknown) => void): void {
    const head = topic.split('/', 1)[0] ?? '';
    for (const key of new Set([head, '*', '**'])) {
      for (const subscription of this.byHead.get(key) ?? []) {
        if (!topicMatches(subscription.pattern, topic)) continue;
        // One failing listener (a socket that just closed) must not starve the others.
        try {
          subscription.listener(topic, event);
        } catch (error) {
          onError(error);
        }
      }
    }
  }

  get size(): number {
    let count = 0;
    for (const set of this.byHead.values()) count += set.size;
    return count;
  }
}

export function createMemoryHub(onError: (error: unknown) => void = () => undefined): RealtimeHub {
  const subscriptions = new LocalSubscriptions();
  return {
    backend: 'memory',
    async publish(topic, event) {
      subscriptions.dispatch(topic, event, onError);
    },
    subscribe: (pattern, listener) => subscriptions.add(pattern, listener),
    // One process misses nothing.
    onResync: () => () => undefined,
    async ping() {},
    async close() {},
  };
}

/** What a cross-process hub (Redis, PostgreSQL) sends for one event. */
export interface HubEnvelope {
  topic: string;
  event: HubEvent;
}

export function isHubEnvelope(value: unknown): value is HubEnvelope {
  return (
    isRecord(value) && typeof value.topic === 'string' && isRecord(value.event) && typeof value.event.type === 'string'
  );
}
