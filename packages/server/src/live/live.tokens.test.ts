import { MEDIA_TOKEN_STEP_SECONDS, MEDIA_TOKEN_TTL_SECONDS } from '@regie/contract/videos';
import { describe, expect, it } from 'vitest';
import { createLiveTokens } from './live.tokens.ts';

describe('live media tokens', () => {
  const secret = 'a-test-secret-that-is-long-enough-for-hmac';
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);

  it('open their own input only, the same token for everyone within a step', () => {
    const tokens = createLiveTokens(secret);
    const token = tokens.sign(3, 42, now);
    expect(tokens.sign(3, 42, now + 1000)).toBe(token);
    expect(tokens.verify(token, 3, 42, now)).toBe(true);
    // Kept once checked, yet never for another input, account or program.
    expect(tokens.verify(token, 3, 42, now)).toBe(true);
    expect(tokens.verify(token, 3, 43, now)).toBe(false);
    expect(tokens.verify(token, 4, 42, now)).toBe(false);
    expect(tokens.verifyProgram(token, 3, { kind: 'events', id: 42 }, now)).toBe(false);
    expect(createLiveTokens('another-secret-entirely-different-from-it').verify(token, 3, 42, now)).toBe(false);
  });

  it('refuse a kept token once it expired, and a tampered twin of a kept one', () => {
    const tokens = createLiveTokens(secret);
    const token = tokens.sign(3, 42, now);
    expect(tokens.verify(token, 3, 42, now)).toBe(true);
    const [expires = '', signature = ''] = token.split('.');
    const flipped = `${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(tokens.verify(flipped, 3, 42, now)).toBe(false);
    expect(tokens.verify(`${Number(expires) + 60}.${signature}`, 3, 42, now)).toBe(false);
    const lastValid = Number(expires) * 1000 - 1;
    expect(lastValid - now).toBeGreaterThanOrEqual(MEDIA_TOKEN_TTL_SECONDS * 1000);
    expect(lastValid - now).toBeLessThanOrEqual((MEDIA_TOKEN_TTL_SECONDS + MEDIA_TOKEN_STEP_SECONDS) * 1000);
    expect(tokens.verify(token, 3, 42, lastValid)).toBe(true);
    expect(tokens.verify(token, 3, 42, lastValid + 1)).toBe(false);
  });
});
