import { randomBytes } from 'node:crypto';
import type { RealtimeHub } from '../src/realtime/realtime.hub.ts';
import { createPostgresHub } from '../src/realtime/realtime.postgres.ts';
import { createRedisHub } from '../src/realtime/realtime.redis.ts';

/**
 * The hubs of two API processes on a channel of their own: PostgreSQL LISTEN/NOTIFY on a
 * PostgreSQL run (the test context's databaseUrl), else Redis (TEST_REDIS_URL or the local one).
 */
export async function crossProcessHubs(databaseUrl: string | null): Promise<[RealtimeHub, RealtimeHub]> {
  const channel = `regie_test_${randomBytes(6).toString('hex')}`;
  if (databaseUrl) {
    return [
      await createPostgresHub({ url: databaseUrl, channel }),
      await createPostgresHub({ url: databaseUrl, channel }),
    ];
  }
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  return [await createRedisHub({ url, channel }), await createRedisHub({ url, channel })];
}
