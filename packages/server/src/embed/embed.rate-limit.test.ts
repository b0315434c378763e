import { describe, expect, it } from 'vitest';
import { createCrowdLimiter, createRateLimiter } from './embed.rate-limit.ts';

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

describe('rate limiter under a crowd', () => {
  it('keeps counting each of 30 000 keys within a window (the sweep only drops ended windows)', () => {
    const limiter = createRateLimiter(1, 60_000);
    for (let n = 0; n < 30_000; n += 1) expect(limiter.take(`fan-${n}`, n)).toBe(true);
    // Still within their windows: each key's second call is refused, none was forgotten.
    for (let n = 0; n < 30_000; n += 1000) expect(limiter.take(`fan-${n}`, 30_000)).toBe(false);
    // A window later, the old ones are swept and the keys start again.
    expect(limiter.take('fan-0', 120_000)).toBe(true);
  });
});

describe('crowd limiter', () => {
  it('holds each viewer to a few calls while a stadium behind one address goes on, up to its ceiling', () => {
    const limiter = createCrowdLimiter({ perCaller: 2, perAddress: 5, windowMs: 1_000 });
    expect(limiter.take('stadium', 'view-1', 0)).toBeNull();
    expect(limiter.take('stadium', 'view-1', 1)).toBeNull();
    expect(limiter.take('stadium', 'view-1', 2)).toBe('caller');
    // Other viewers on the same Wi-Fi are not held back by the first one.
    expect(limiter.take('stadium', 'view-2', 3)).toBeNull();
    expect(limiter.take('stadium', 'view-3', 4)).toBeNull();
    // The address's ceiling (5 calls, the refused one counted): made-up viewer ids do not pass it.
    expect(limiter.take('stadium', 'view-4', 5)).toBe('address');
    expect(limiter.take('elsewhere', 'view-4', 5)).toBeNull();
    // The next window starts again.
    expect(limiter.take('stadium', 'view-1', 1_000)).toBeNull();
  });
});
