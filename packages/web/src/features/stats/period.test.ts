import { describe, expect, it } from 'vitest';
import { presetPeriod, rangePeriod } from './period.ts';

describe('period', () => {
  it('a preset ends at the next minute and lasts its days', () => {
    const period = presetPeriod(7, Date.parse('2026-11-23T18:36:20Z'));
    expect(period).toEqual({ from: '2026-11-16T18:37:00.000Z', to: '2026-11-23T18:37:00.000Z' });
  });

  it('a custom range covers its last day whole (local days)', () => {
    const period = rangePeriod('2026-10-01', '2026-10-03');
    expect(new Date(period.from)).toEqual(new Date(2026, 9, 1));
    expect(new Date(period.to)).toEqual(new Date(2026, 9, 4));
  });
});
