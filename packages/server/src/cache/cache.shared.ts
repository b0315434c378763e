import { randomUUID } from 'node:crypto';
import { isRecord } from '@regie/contract/guards';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import type { Cache } from './cache.service.ts';

/**
 * A hub topic no client can reach: clients' topics always start with their account id
 * (realtime.hub.ts), and this one starts with a letter.
 */
export const CACHE_PURGE_TOPIC = 'system/cache-purge';
/** The signed-in contexts' cache (tenancy.cache.ts): purged by session, user and account tags. */
export const AUTH_PURGE_TOPIC = 'system/auth-purge';
const PURGE_EVENT = 'cache.purge';

interface PurgePayload {
  key: string;
  /** The process that purged: it already dropped its own entries. */
  origin: string;
}

function isPurgePayload(value: unknown): value is PurgePayload {
  return isRecord(value) && typeof value.key === 'string' && typeof value.origin === 'string';
}

/**
 * Makes a purge in this process reach every process on the same hub (Redis, or PostgreSQL
 * LISTEN/NOTIFY without it): each publishes its purges and drops the keys others purged. Returns the function that
 * stops it. A failed publish is reported, never thrown: the TTL still bounds staleness.
 */
export function shareCachePurges(
  cache: Cache,
  hub: RealtimeHub,
  onError: (error: unknown) => void,
  topic: string = CACHE_PURGE_TOPIC,
): () => void {
  const origin = randomUUID();
  cache.onPurge((key) => {
    hub.publish(topic, { type: PURGE_EVENT, payload: { key, origin } }).catch(onError);
  });
  const unsubscribe = hub.subscribe(topic, (_topic, event) => {
    if (event.type !== PURGE_EVENT || !isPurgePayload(event.payload)) return;
    if (event.payload.origin !== origin) cache.purgeLocal(event.payload.key);
  });
  return () => {
    cache.onPurge(null);
    unsubscribe();
  };
}
