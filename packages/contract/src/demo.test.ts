import { describe, expect, it } from 'vitest';
import { DEMO_TONIGHT, tonightKickoff } from './demo.ts';

describe("tonight's demo match (issue 46.3)", () => {
  it.each([
    '2026-11-27T17:00:00.000Z',
    '2026-11-27T17:00:01.000Z',
    '2026-11-27T17:14:59.000Z',
    '2026-11-27T23:50:00.000Z',
  ])('kicks off on a quarter hour, kickoffMinutes to a quarter more after a seed at %s', (seeded) => {
    const seededAt = new Date(seeded);
    const kickOff = tonightKickoff(seededAt);
    expect(kickOff.getTime() % (15 * 60_000)).toBe(0);
    const after = kickOff.getTime() - seededAt.getTime();
    expect(after).toBeGreaterThanOrEqual(DEMO_TONIGHT.kickoffMinutes * 60_000);
    expect(after).toBeLessThan((DEMO_TONIGHT.kickoffMinutes + 15) * 60_000);
  });
});
