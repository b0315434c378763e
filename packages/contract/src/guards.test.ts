import { describe, expect, it } from 'vitest';
import { isOneOf, isRecord } from './guards.ts';

describe('guards', () => {
  it('tells a record from null, arrays and scalars', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([1])).toBe(false);
    expect(isRecord('a')).toBe(false);
  });

  it('accepts only the listed values', () => {
    const states = ['on', 'off'] as const;
    expect(isOneOf(states, 'on')).toBe(true);
    expect(isOneOf(states, 'maybe')).toBe(false);
    expect(isOneOf(states, 1)).toBe(false);
  });
});
