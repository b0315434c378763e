import { drizzle } from 'drizzle-orm/node-postgres';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openRateLimits } from '../http/rate-limiter.ts';
import { createSharedCrowdLimiter } from './embed.rate-limit.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('crowd limiter', () => {
  it('holds each viewer to a few calls while a stadium behind one address goes on, up to its ceiling', async () => {
    // The memory store (an embedded database); the shared stores are tested in test/rate-limits-shared.test.ts.
    const limits = await openRateLimits({ redisUrl: null, db: drizzle.mock() });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const limiter = createSharedCrowdLimiter(limits, { name: 'crowd', perCaller: 2, perAddress: 5, windowMs: 1_000 });
      expect(await limiter.take('stadium', 'view-1')).toBeNull();
      expect(await limiter.take('stadium', 'view-1')).toBeNull();
      expect(await limiter.take('stadium', 'view-1')).toBe('caller');
      // Other viewers on the same Wi-Fi are not held back by the first one.
      expect(await limiter.take('stadium', 'view-2')).toBeNull();
      expect(await limiter.take('stadium', 'view-3')).toBeNull();
      // The address's ceiling (5 calls, the refused one counted): made-up viewer ids do not pass it.
      expect(await limiter.take('stadium', 'view-4')).toBe('address');
      expect(await limiter.take('elsewhere', 'view-4')).toBeNull();
      // The next window starts again.
      vi.setSystemTime(Date.now() + 1_001);
      expect(await limiter.take('stadium', 'view-1')).toBeNull();
    } finally {
      await limits.close();
    }
  });
});
