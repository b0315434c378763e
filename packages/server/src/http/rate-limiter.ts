import { lt } from 'drizzle-orm';
import pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { createClient } from 'redis';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../db/rate-limits.table.ts';

/**
 * The app's rate limits (issue 40.18), counted by rate-limiter-flexible in one store chosen once at
 * boot, so that a limit holds across all the API processes of a cluster:
 * - Redis when REDIS_URL is set: one Lua call per count (RateLimiterRedis, a connection of its own);
 * - else PostgreSQL when the database is: one upsert per count in `rate_limits`
 *   (RateLimiterPostgres on the app's pool; the table comes from migration 0044, the library is
 *   told not to create it);
 * - else memory (RateLimiterMemory): PGlite belongs to one process, there is nothing to share.
 *
 * A window is fixed: it starts at a key's first count and lasts the rule's `windowMs` (whole
 * seconds: Redis counts in seconds); then the key starts again from nothing.
 *
 * A store that fails (Redis or PostgreSQL away) does not fail the call: each limiter then counts in
 * this process's memory (the library's insurance limiter) until the store answers again. The
 * connection errors themselves are logged by their clients' listeners.
 */

export interface LimitRule {
  /** The limit's name, the prefix of its keys in the store: one name per limit. */
  name: string;
  /** What a key may count in one window. */
  points: number;
  windowMs: number;
}

export interface Limit {
  /** Counts one call of `key`: true while the key is within its limit, false past it. */
  take(key: string): Promise<boolean>;
  /** Counts one (a failure, a sign-up) and refuses nothing. */
  add(key: string): Promise<void>;
  /** Seconds until `key` starts again once it has counted all its points in its window; 0 while under. */
  lockedFor(key: string): Promise<number>;
}

export type RateLimitStore = 'redis' | 'postgres' | 'memory';

export interface RateLimits {
  readonly store: RateLimitStore;
  /** A limit counted together by every API process (in the store). */
  shared(rule: LimitRule): Limit;
  /** A limit of this process alone: a guard of its own CPU, not of a shared resource. */
  local(rule: LimitRule): Limit;
  close(): Promise<void>;
}

export interface RateLimitsOptions {
  redisUrl: string | null;
  db: Db;
  /** Put before every key in Redis: processes sharing a Redis keep apart by using their own (tests). */
  keyPrefix?: string;
  onError?: (error: unknown) => void;
}

export const DEFAULT_REDIS_KEY_PREFIX = 'regie:rate:';

/** rate_limits rows whose window ended this long ago go (the library's own sweep waits as long). */
const SWEEP_AFTER_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;

const seconds = (rule: LimitRule) => Math.max(1, Math.ceil(rule.windowMs / 1000));

function memoryLimiter(rule: LimitRule): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: seconds(rule) });
}

function limitOf(limiter: RateLimiterAbstract, rule: LimitRule): Limit {
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return true;
      } catch (error) {
        // The library rejects a call past the limit with the key's state, anything else with an error.
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
    async add(key) {
      await limiter.penalty(key);
    },
    async lockedFor(key) {
      const state = await limiter.get(key);
      // Memory keeps an ended window until its timer drops it: ended is not locked.
      if (!state || state.consumedPoints < rule.points || state.msBeforeNext <= 0) return 0;
      return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    },
  };
}

/**
 * Options every store limiter shares: the insurance limiter (above), and a key past its limit is
 * refused from memory until its window ends, without asking the store again (a flood costs the
 * store nothing once refused).
 */
function storeOptions(rule: LimitRule) {
  return {
    keyPrefix: rule.name,
    points: rule.points,
    duration: seconds(rule),
    inMemoryBlockOnConsumed: rule.points,
    insuranceLimiter: memoryLimiter(rule),
  };
}

function memoryLimits(): RateLimits {
  return {
    store: 'memory',
    shared: (rule) => limitOf(memoryLimiter(rule), rule),
    local: (rule) => limitOf(memoryLimiter(rule), rule),
    close: async () => undefined,
  };
}

async function redisLimits(url: string, keyPrefix: string, onError: (error: unknown) => void): Promise<RateLimits> {
  // While Redis is away a count fails at once (no offline queue) and goes to the insurance limiter.
  const client = createClient({ url, disableOfflineQueue: true });
  // Without a listener a connection error would end the process; the client reconnects itself.
  client.on('error', onError);
  await client.connect();
  return {
    store: 'redis',
    shared: (rule) =>
      limitOf(
        new RateLimiterRedis({
          ...storeOptions(rule),
          keyPrefix: `${keyPrefix}${rule.name}`,
          storeClient: client,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
        }),
        rule,
      ),
    local: (rule) => limitOf(memoryLimiter(rule), rule),
    async close() {
      await client.close();
    },
  };
}

function postgresLimits(db: Db, pool: pg.Pool, onError: (error: unknown) => void): RateLimits {
  // One sweep per process rather than one per limiter (the library's own, turned off below).
  const sweep = setInterval(() => {
    db.delete(rateLimits)
      .where(lt(rateLimits.expire, Date.now() - SWEEP_AFTER_MS))
      .catch(onError);
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    store: 'postgres',
    shared: (rule) =>
      limitOf(
        new RateLimiterPostgres({
          ...storeOptions(rule),
          storeClient: pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          tableCreated: true,
          clearExpiredByTimeout: false,
        }),
        rule,
      ),
    local: (rule) => limitOf(memoryLimiter(rule), rule),
    close: async () => clearInterval(sweep),
  };
}

/** Chosen once at boot: Redis when REDIS_URL is set, else PostgreSQL, else memory (see above). */
export async function openRateLimits(options: RateLimitsOptions): Promise<RateLimits> {
  const onError = options.onError ?? (() => undefined);
  if (options.redisUrl) {
    return redisLimits(options.redisUrl, options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX, onError);
  }
  const client = '$client' in options.db ? options.db.$client : null;
  if (client instanceof pg.Pool) return postgresLimits(options.db, client, onError);
  return memoryLimits();
}
