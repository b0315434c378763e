// What the benches that feed a match to Regie share (bench:import, bench:social): the club's
// Football sport, and a StatsBomb match that grows goal by goal.

/** The id of the Football sport the account sees. */
export async function footballId(api) {
  const sports = await api('GET', '/main-api/sports?search=Football&limit=50');
  const football = (sports.data ?? sports).find((sport) => sport.name.toLowerCase() === 'football');
  if (!football) throw new Error('no Football sport');
  return football.id;
}

/** StatsBomb's "HH:MM:SS.mmm" of a period's second. */
export function statsbombTimestamp(secondsIn) {
  const pad = (value, width = 2) => String(value).padStart(width, '0');
  const totalMs = Math.round(secondsIn * 1000);
  const whole = Math.floor(totalMs / 1000);
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}.${pad(totalMs % 1000, 3)}`;
}

/**
 * The match before any goal: the sample's plain play (passes, carries, pressure: keys the default
 * parser mapping maps to nothing), and `goal(n, second)`: a goal at that second of the first half.
 * `sampleStatsbombMatch` is the server's sample generator (its built module).
 */
export function liveMatch(sampleStatsbombMatch) {
  const sample = JSON.parse(sampleStatsbombMatch({ events: 400, seed: 7 }));
  const plain = new Set(['Pass', 'Ball Receipt*', 'Carry', 'Pressure', 'Ball Recovery', 'Half Start']);
  const events = sample.events.filter((event) => plain.has(event.type.name) && !event.pass);
  const model = events.find((event) => event.player) ?? events[0];
  const goal = (n, second) => ({
    ...model,
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    index: 100_000 + n,
    period: 1,
    timestamp: statsbombTimestamp(second),
    minute: Math.floor(second / 60),
    second: Math.floor(second % 60),
    type: { id: 16, name: 'Shot' },
    duration: 0.5,
    shot: { outcome: { id: 97, name: 'Goal' }, type: { id: 87, name: 'Open Play' } },
  });
  return { base: { events, lineups: sample.lineups }, goal };
}
