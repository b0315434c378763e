/**
 * Deterministic generators of big feed documents, as their providers publish them: a league
 * season in openfootball's football.json, one match's StatsBomb events. The bench
 * (`npm run bench:import`) and the tests use them; the same arguments always give the same text.
 */

/** A small deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const TOWNS = [
  'Riverside',
  'Harbour City',
  'Northbridge',
  'Eastfield',
  'Kingsport',
  'Westmoor',
  'Ashford',
  'Brookvale',
  'Castleton',
  'Dunmore',
  'Elmstead',
  'Fairhaven',
  'Glenwood',
  'Highcliff',
  'Ironbridge',
  'Juniper Bay',
  'Kestrel Hill',
  'Lowmarsh',
  'Millbrook',
  'Newhaven',
  'Oakridge',
  'Pinecrest',
  'Queensferry',
  'Redwater',
];
const SUFFIXES = ['FC', 'United', 'Rovers', 'Athletic', 'Town', 'City'];
const FIRST = ['Jordan', 'Luca', 'Samuel', 'Théo', 'Ellis', 'Noah', 'Owen', 'Tom', 'Ben', 'Rory', 'Kai', 'Idris'];
const LAST = ['Miles', 'Bernardi', 'Okoro', 'Marchand', 'Crane', 'Vale', 'Price', 'Hale', 'Ward', 'Vance', 'Reyes'];

export function sampleTeamNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const town = TOWNS[index % TOWNS.length] as string;
    const lap = Math.floor(index / TOWNS.length);
    return `${town}${lap > 0 ? ` ${lap + 1}` : ''} ${SUFFIXES[index % SUFFIXES.length]}`;
  });
}

/** The pairs of a double round robin (circle method): rounds of [home, away] team indexes. */
function doubleRoundRobin(teams: number): [number, number][][] {
  const order = Array.from({ length: teams }, (_, index) => index);
  const rounds: [number, number][][] = [];
  for (let round = 0; round < teams - 1; round++) {
    const pairs: [number, number][] = [];
    for (let index = 0; index < teams / 2; index++) {
      const a = order[index] as number;
      const b = order[teams - 1 - index] as number;
      pairs.push(round % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    order.splice(1, 0, order.pop() as number);
  }
  return [...rounds, ...rounds.map((pairs) => pairs.map(([home, away]) => [away, home] as [number, number]))];
}

/**
 * A league season in football.json: `teams` (even) play each other home and away, one round a
 * week from 2025-08-16 ('Matchday 1'…), with goals (stoppage time included). 20 teams: 380
 * matches, about 1 000 goals.
 */
export function sampleOpenfootballSeason(options: { teams?: number; seed?: number; name?: string } = {}): string {
  const count = options.teams ?? 20;
  const next = random(options.seed ?? 25);
  const names = sampleTeamNames(count);
  const start = Date.UTC(2025, 7, 16);
  const matches = doubleRoundRobin(count).flatMap((pairs, round) =>
    pairs.map(([home, away], index) => {
      const date = new Date(start + (round * 7 + (index % 2)) * 86_400_000).toISOString().slice(0, 10);
      const goals = (side: number) =>
        Array.from({ length: Math.floor(next() * 4) }, () => {
          const minute = 1 + Math.floor(next() * 90);
          const goal: Record<string, unknown> = {
            name: `${FIRST[Math.floor(next() * FIRST.length)]} ${LAST[Math.floor(next() * LAST.length)]} ${side}`,
            minute,
          };
          if ((minute === 45 || minute === 90) && next() < 0.7) goal.offset = 1 + Math.floor(next() * 5);
          if (next() < 0.08) goal.penalty = true;
          else if (next() < 0.04) goal.owngoal = true;
          return goal;
        }).sort((a, b) => (a.minute as number) - (b.minute as number));
      const goals1 = goals(1);
      const goals2 = goals(2);
      const firstHalf = (list: Record<string, unknown>[]) =>
        list.filter((goal) => (goal.minute as number) <= 45).length;
      return {
        round: `Matchday ${round + 1}`,
        date,
        time: index % 3 === 0 ? '15:00' : index % 3 === 1 ? '17:30' : '20:00',
        team1: names[home],
        team2: names[away],
        score: { ht: [firstHalf(goals1), firstHalf(goals2)], ft: [goals1.length, goals2.length] },
        goals1,
        goals2,
        ground: `${names[home]} Stadium`,
      };
    }),
  );
  return JSON.stringify({ name: options.name ?? 'Sample League 2025/26', matches }, null, 2);
}

const EVENT_MIX: [string, number][] = [
  ['Pass', 0.3],
  ['Ball Receipt*', 0.27],
  ['Carry', 0.22],
  ['Pressure', 0.1],
  ['Ball Recovery', 0.04],
  ['Duel', 0.03],
  ['Clearance', 0.02],
  ['Dribble', 0.02],
];

/**
 * One match's StatsBomb events (`{ events, lineups }`): `events` events (default 3 800, a real
 * match's count) over two halves with stoppage time, with shots and goals, cards, corners,
 * substitutions and an own goal pair.
 */
export function sampleStatsbombMatch(options: { events?: number; seed?: number } = {}): string {
  const total = Math.max(20, options.events ?? 3800);
  const next = random(options.seed ?? 25);
  const teams = [
    { id: 901, name: 'Sample Home FC' },
    { id: 902, name: 'Sample Away FC' },
  ];
  const players = teams.map((team, side) =>
    Array.from({ length: 14 }, (_, index) => ({
      id: team.id * 100 + index + 1,
      name: `${FIRST[(index + side * 5) % FIRST.length]} ${LAST[(index * 3 + side) % LAST.length]} ${team.id}-${index + 1}`,
      jersey: index + 1,
    })),
  );
  const events: Record<string, unknown>[] = [];
  const halfSeconds = [0, 47 * 60, 49 * 60];
  let index = 0;
  let possession = 1;
  const push = (period: number, seconds: number, side: number, type: string, extra: Record<string, unknown> = {}) => {
    index++;
    const whole = Math.floor(seconds);
    const millis = Math.round((seconds - whole) * 1000);
    const h = Math.floor(whole / 3600);
    const m = Math.floor((whole % 3600) / 60);
    const s = whole % 60;
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    const team = teams[side] as { id: number; name: string };
    const player = players[side]?.[Math.floor(next() * 11)];
    events.push({
      id: `00000000-0000-4000-8000-${pad(index, 12)}`,
      index,
      period,
      timestamp: `${pad(h)}:${pad(m)}:${pad(s)}.${pad(millis, 3)}`,
      minute: (period === 2 ? 45 : 0) + Math.floor(whole / 60),
      second: s,
      type: { id: 0, name: type },
      possession,
      possession_team: teams[possession % 2],
      play_pattern: { id: 1, name: 'Regular Play' },
      team,
      ...(type.startsWith('Half') ? {} : { player: { id: player?.id, name: player?.name } }),
      duration: type === 'Pass' || type === 'Carry' ? Number((next() * 3).toFixed(3)) : 0,
      ...extra,
    });
  };
  const perHalf = Math.floor((total - 4) / 2);
  for (const period of [1, 2]) {
    push(period, 0, 0, 'Half Start');
    const length = halfSeconds[period] as number;
    const count = period === 1 ? perHalf : total - 4 - perHalf;
    for (let at = 0; at < count; at++) {
      const seconds = ((at + 1) / (count + 1)) * length;
      const side = possession % 2;
      if (next() < 0.06) possession++;
      const roll = next();
      if (roll < 0.012) {
        const outcome = ['Goal', 'Saved', 'Off T', 'Blocked', 'Saved To Post', 'Wayward'][Math.floor(next() * 6)];
        push(period, seconds, side, 'Shot', {
          shot: { outcome: { name: outcome }, type: { name: next() < 0.1 ? 'Penalty' : 'Open Play' } },
        });
      } else if (roll < 0.018) {
        const card = next() < 0.85 ? 'Yellow Card' : 'Red Card';
        push(period, seconds, side, 'Foul Committed', next() < 0.3 ? { foul_committed: { card: { name: card } } } : {});
      } else if (roll < 0.022) {
        push(period, seconds, side, 'Pass', { pass: { type: { name: 'Corner' } } });
      } else if (roll < 0.0235) {
        const replacement = players[side]?.[11 + Math.floor(next() * 3)];
        push(period, seconds, side, 'Substitution', {
          substitution: {
            outcome: { name: 'Tactical' },
            replacement: { id: replacement?.id, name: replacement?.name },
          },
        });
      } else if (roll < 0.0245) {
        push(period, seconds, side, 'Own Goal Against');
        push(period, seconds, 1 - side, 'Own Goal For');
        at++;
      } else {
        let pick = next();
        let type = 'Pass';
        for (const [name, share] of EVENT_MIX) {
          if (pick < share) {
            type = name;
            break;
          }
          pick -= share;
        }
        push(period, seconds, side, type);
      }
    }
    push(period, length, 0, 'Half End');
  }
  const lineups = teams.map((team, side) => ({
    team_id: team.id,
    team_name: team.name,
    lineup: (players[side] ?? []).map((player) => ({
      player_id: player.id,
      player_name: player.name,
      player_nickname: null,
      jersey_number: player.jersey,
      country: { id: 68, name: 'England' },
      cards: [],
      positions: [],
    })),
  }));
  return JSON.stringify({ events, lineups });
}
