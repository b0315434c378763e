import { describe, expect, it } from 'vitest';
import { fanStatus } from './fans.ts';

describe('fanStatus', () => {
  it('says blocked first, then pending until the sign-up is confirmed, else active', () => {
    expect(fanStatus({ isBlocked: true, confirmed: false })).toBe('blocked');
    expect(fanStatus({ isBlocked: true, confirmed: true })).toBe('blocked');
    expect(fanStatus({ isBlocked: false, confirmed: false })).toBe('pending');
    expect(fanStatus({ isBlocked: false, confirmed: true })).toBe('active');
  });
});
