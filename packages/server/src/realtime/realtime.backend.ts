import { createMemoryHub, type RealtimeHub } from './realtime.hub.ts';
import { createRedisHub } from './realtime.redis.ts';

/** Chosen once at boot: Redis pub/sub when REDIS_URL is set (several processes), else in-process. */
export function openRealtimeHub(
  config: { redisUrl: string | null },
  onError: (error: unknown) => void = () => undefined,
): Promise<RealtimeHub> {
  if (config.redisUrl) return createRedisHub({ url: config.redisUrl, onError });
  return Promise.resolve(createMemoryHub(onError));
}
