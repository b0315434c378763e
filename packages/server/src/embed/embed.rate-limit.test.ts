import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './embed.rate-limit.ts';

describe('rate limiter', () => {
  it('allows max per window and key, then again in the next window', () => {
    const limiter = createRateLimiter(2, 1_000);
    expect(limiter.take('a', 0)).toBe(true);
    expect(limiter.take('a', 10)).toBe(true);
    expect(limiter.take('a', 20)).toBe(false);
    expect(limiter.take('b', 20)).toBe(true);
    expect(limiter.take('a', 1_000)).toBe(true);
  });
});
