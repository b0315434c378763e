import { describe, expect, it } from 'vitest';
import { typesForSport } from './marker-points.ts';

const FOOTBALL = 1;
const CONFERENCE_SPORT = 7;
const types = [
  { name: 'Goal', sportId: FOOTBALL },
  { name: 'Key quote', sportId: CONFERENCE_SPORT },
  { name: 'Highlight', sportId: null },
];

describe('the marker types an event is offered', () => {
  it("offers a football match its sport's types and those of every sport, not a conference's", () => {
    expect(typesForSport(types, FOOTBALL).map((type) => type.name)).toEqual(['Goal', 'Highlight']);
  });

  it('offers every type to an event without a sport', () => {
    expect(typesForSport(types, null)).toHaveLength(3);
  });
});
