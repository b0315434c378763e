import { describe, expect, it } from 'vitest';
import { roundRobin } from './round-robin.ts';

describe('round robin', () => {
  it.each([2, 3, 4, 5, 6, 7, 8, 10, 20])('%i teams: every pair once per leg, once a round, sides balanced', (count) => {
    const teams = Array.from({ length: count }, (_, index) => index + 1);
    const rounds = count % 2 === 0 ? count - 1 : count;
    const pairings = roundRobin(teams, 2);
    expect(pairings).toHaveLength(count * (count - 1));
    for (const leg of [1, 2]) {
      const ofLeg = pairings.filter((pairing) => pairing.leg === leg);
      const pairs = ofLeg.map((pairing) => [pairing.home, pairing.away].sort((a, b) => a - b).join('-'));
      expect(new Set(pairs).size).toBe((count * (count - 1)) / 2);
      for (const team of teams) {
        const home = ofLeg.filter((pairing) => pairing.home === team).length;
        expect(Math.abs(home - (count - 1 - home)), `team ${team} leg ${leg}`).toBeLessThanOrEqual(1);
      }
    }
    for (let round = 1; round <= rounds * 2; round++) {
      const playing = pairings
        .filter((pairing) => pairing.round === round)
        .flatMap((pairing) => [pairing.home, pairing.away]);
      expect(new Set(playing).size, `round ${round}`).toBe(playing.length);
      expect(playing.length).toBe(count % 2 === 0 ? count : count - 1);
    }
    // The second leg mirrors the first: every ordered pair once over both legs.
    expect(new Set(pairings.map((pairing) => `${pairing.home}-${pairing.away}`)).size).toBe(count * (count - 1));
  });
});
