/**
 * A round robin by the circle method (https://en.wikipedia.org/wiki/Round-robin_tournament#Circle_method):
 * the first team stays, the others turn one place each round; with an odd count, a bye (null)
 * makes the count even and whoever meets it rests that round. Home and away are balanced: the
 * slots of the top row are at home, and a turning team spends as many rounds in the top row as
 * in the bottom one (the fixed team's side flips every round), so each team is at home ⌊g/2⌋ or
 * ⌈g/2⌉ times in its g matches of a leg. The second leg is the first mirrored (same
 * pairs, sides swapped), its rounds following the first leg's.
 */
export interface Pairing<Team> {
  /** 1-based, across both legs. */
  round: number;
  leg: 1 | 2;
  home: Team;
  away: Team;
}

export function roundRobin<Team>(teams: readonly Team[], legs: 1 | 2): Pairing<Team>[] {
  const slots: (Team | null)[] = [...teams];
  if (slots.length % 2 === 1) slots.push(null);
  const count = slots.length;
  const rounds = count - 1;
  const first: Pairing<Team>[] = [];
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < count / 2; index++) {
      const a = slots[index] as Team | null;
      const b = slots[count - 1 - index] as Team | null;
      if (a === null || b === null) continue;
      // The top row is at home; the fixed team's side flips every round.
      const aAtHome = index === 0 ? round % 2 === 0 : true;
      first.push({ round: round + 1, leg: 1, home: aAtHome ? a : b, away: aAtHome ? b : a });
    }
    // Turn every slot but the first one place.
    slots.splice(1, 0, slots.pop() as Team | null);
  }
  if (legs === 1) return first;
  return [
    ...first,
    ...first.map((pairing) => ({
      round: pairing.round + rounds,
      leg: 2 as const,
      home: pairing.away,
      away: pairing.home,
    })),
  ];
}
