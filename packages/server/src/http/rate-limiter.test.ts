import { drizzle } from 'drizzle-orm/node-postgres';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openRateLimits } from './rate-limiter.ts';

/**
 * The memory store, as for an embedded database (a database without a PostgreSQL pool: one
 * process); the shared stores are tested in test/rate-limits-shared.test.ts.
 */
async function memoryLimits() {
  const limits = await openRateLimits({ redisUrl: null, db: drizzle.mock() });
  return { limits, close: () => limits.close() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('rate limits on an embedded database', () => {
  it('count in memory: allow the points of a window, then refuse until it ends', async () => {
    const { limits, close } = await memoryLimits();
    try {
      expect(limits.store).toBe('memory');
      vi.useFakeTimers({ toFake: ['Date'] });
      const limit = limits.shared({ name: 'calls', points: 2, windowMs: 60_000 });
      expect(await limit.take('a')).toBe(true);
      expect(await limit.take('a')).toBe(true);
      expect(await limit.take('a')).toBe(false);
      expect(await limit.take('b')).toBe(true);
      // The window starts at the key's first call and lasts windowMs.
      vi.setSystemTime(Date.now() + 60_001);
      expect(await limit.take('a')).toBe(true);
    } finally {
      await close();
    }
  });

  it('say how long a key counted to its limit stays locked, and count without refusing', async () => {
    const { limits, close } = await memoryLimits();
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const failures = limits.shared({ name: 'failures', points: 3, windowMs: 900_000 });
      await failures.add('ana');
      await failures.add('ana');
      expect(await failures.lockedFor('ana')).toBe(0);
      await failures.add('ana');
      expect(await failures.lockedFor('ana')).toBe(900);
      vi.setSystemTime(Date.now() + 300_000);
      expect(await failures.lockedFor('ana')).toBe(600);
      expect(await failures.lockedFor('bo')).toBe(0);
      vi.setSystemTime(Date.now() + 600_000);
      expect(await failures.lockedFor('ana')).toBe(0);
    } finally {
      await close();
    }
  });

  it('keep the limits of one name apart from another', async () => {
    const { limits, close } = await memoryLimits();
    try {
      const one = limits.shared({ name: 'one', points: 1, windowMs: 1_000 });
      const other = limits.local({ name: 'other', points: 1, windowMs: 1_000 });
      expect(await one.take('key')).toBe(true);
      expect(await other.take('key')).toBe(true);
      expect(await one.take('key')).toBe(false);
    } finally {
      await close();
    }
  });
});
