import { createMemoryHub, type RealtimeHub } from './realtime.hub.ts';
import { createPostgresHub } from './realtime.postgres.ts';
import { createRedisHub } from './realtime.redis.ts';

/** What the hub is chosen from (AppConfig has both). */
export interface RealtimeHubConfig {
  redisUrl: string | null;
  databaseUrl: string | null;
}

/**
 * Chosen once at boot: Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY when
 * DATABASE_URL is set (several processes on one database must share purges and revocations
 * even without Redis), else in-process (the embedded database belongs to one process anyway).
 */
export function openRealtimeHub(
  config: RealtimeHubConfig,
  onError: (error: unknown) => void = () => undefined,
): Promise<RealtimeHub> {
  if (config.redisUrl) return createRedisHub({ url: config.redisUrl, onError });
  if (config.databaseUrl) return createPostgresHub({ url: config.databaseUrl, onError });
  return Promise.resolve(createMemoryHub(onError));
}
