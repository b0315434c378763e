import { readFileSync } from 'node:fs';
import type { FeedMatchEvent } from '@regie/contract/feeds';
import { FEED_MESSAGES } from '@regie/contract/feeds.messages';
import { describe, expect, it } from 'vitest';
import { FeedError } from './feeds.adapter.ts';
import { sampleStatsbombMatch } from './feeds.samples.ts';
import { statsbombAdapter, timestampSeconds } from './statsbomb.ts';

const match = readFileSync(new URL('../../test/fixtures/feeds/match.statsbomb.json', import.meta.url), 'utf8');
const parsed = statsbombAdapter.parse(match);
const HOME = '101';
const AWAY = '102';

const keyed = (key: string): FeedMatchEvent[] => parsed.matchEvents.filter((event) => event.key === key);
const clock = (event: FeedMatchEvent | undefined) =>
  event && [event.period, event.periodSeconds, event.minute, event.stoppage ?? 0, event.second];

function refusal(run: () => unknown): FeedError {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('StatsBomb events', () => {
  it('reads the teams and players of the lineups, with jersey numbers', () => {
    expect(parsed.provider).toBe('statsbomb');
    expect(parsed.teams).toEqual([
      { providerId: HOME, name: 'Olympique Riverside FC' },
      { providerId: AWAY, name: 'Harbour City' },
    ]);
    expect(parsed.people.find((person) => person.providerId === '5004')).toEqual({
      providerId: '5004',
      name: 'Jordan Miles',
      teamProviderId: HOME,
      shirtNumber: 9,
      position: 'Center Forward',
    });
    expect(parsed.people.find((person) => person.providerId === '5005')?.name).toBe('Kai');
    expect(parsed.refused).toBeUndefined();
  });

  it('keys goals, penalty goals and shoot-out kicks apart', () => {
    expect(keyed('Shot:Goal').map((event) => [event.label, event.teamProviderId, event.period])).toEqual([
      ['Goal: Jordan Miles', HOME, 1],
      ['Goal: Ellis Crane', AWAY, 1],
      ['Goal: Idris Bello', AWAY, 2],
      ['Goal: Kai', HOME, 3],
    ]);
    expect(keyed('Shot:Goal:Penalty').map((event) => event.label)).toEqual(['Goal: Luca Bernardi (pen.)']);
    expect(keyed('Shot:Penalty Shootout:Goal')).toHaveLength(2);
    expect(keyed('Shot:Penalty Shootout:Saved')).toHaveLength(1);
    expect(keyed('Shot:Saved').map((event) => event.period)).toEqual([1, 4]);
  });

  it('makes one goal of an own goal pair, for the team that benefits, by the player who scored it', () => {
    expect(parsed.matchEvents.some((event) => event.key === 'Own Goal Against' || event.key === 'Own Goal For')).toBe(
      false,
    );
    const ownGoals = keyed('Own Goal');
    expect(ownGoals).toHaveLength(1);
    expect(ownGoals[0]).toMatchObject({
      teamProviderId: HOME,
      personProviderId: '6004',
      personName: 'Tom Harbour',
      label: 'Goal: Tom Harbour (o.g.)',
      period: 1,
      periodSeconds: 39 * 60,
    });
  });

  it('places events by the period timestamp, with stoppage time in both halves and extra time', () => {
    expect(clock(keyed('Shot:Goal')[0])).toEqual([1, 18 * 60 + 4.25, 18, 0, 4]);
    // 46:30 of the first half: 45+1.
    expect(clock(keyed('Shot:Goal')[1])).toEqual([1, 46 * 60 + 30.5, 45, 1, 30]);
    // 92:20, period 2's timestamp 47:20: 90+2.
    expect(clock(keyed('Shot:Goal')[2])).toEqual([2, 47 * 60 + 20, 90, 2, 20]);
    // Extra time: 106:30 of the match is period 3's 16:30, 105+1.
    expect(clock(keyed('Shot:Goal')[3])).toEqual([3, 16 * 60 + 30, 105, 1, 30]);
    // 122:05 is period 4's 17:05, 120+2.
    expect(clock(keyed('Shot:Saved')[1])).toEqual([4, 17 * 60 + 5, 120, 2, 5]);
  });

  it('keys cards (second yellow included) and substitutions', () => {
    expect(keyed('Foul Committed:Yellow Card').map((event) => event.label)).toEqual(['Yellow card: Ellis Crane']);
    expect(keyed('Foul Committed:Second Yellow').map((event) => event.label)).toEqual([
      'Second yellow card: Ellis Crane',
    ]);
    expect(keyed('Foul Committed:Red Card').map((event) => [event.label, event.period])).toEqual([
      ['Red card: Kai', 3],
    ]);
    expect(keyed('Bad Behaviour:Yellow Card')).toHaveLength(1);
    expect(keyed('Substitution').map((event) => [event.label, event.teamProviderId])).toEqual([
      ['Substitution: Théo Marchand ↔ Adam Reyes', HOME],
      ['Substitution: Noah Vale ↔ Callum Shaw', AWAY],
    ]);
    const meanings = new Map(statsbombAdapter.eventKeys.map((entry) => [entry.key, entry.meaning]));
    expect(meanings.get('Foul Committed:Second Yellow')).toBe('redCard');
    expect(meanings.get('Bad Behaviour:Yellow Card')).toBe('yellowCard');
    expect(meanings.get('Own Goal')).toBe('ownGoal');
    expect(meanings.get('Shot:Goal:Penalty')).toBe('penaltyGoal');
    expect(meanings.get('Shot:Penalty Shootout:Goal')).toBeUndefined();
    for (const event of parsed.matchEvents) expect(meanings.has(event.key), event.key).toBe(true);
  });

  it('counts each team’s figures', () => {
    expect(parsed.stats?.[HOME]).toMatchObject({
      // The shoot-out's kicks are not shots of the match.
      shots: 5,
      shotsOnTarget: 3,
      fouls: 1,
      yellowCards: 1,
      redCards: 1,
      corners: 2,
    });
    expect(parsed.stats?.[AWAY]).toMatchObject({
      shots: 6,
      shotsOnTarget: 5,
      fouls: 2,
      yellowCards: 1,
      redCards: 1,
      corners: 1,
    });
    const home = parsed.stats?.[HOME]?.possession ?? 0;
    const away = parsed.stats?.[AWAY]?.possession ?? 0;
    expect(home + away).toBe(100);
    expect(home).toBeGreaterThan(0);
    expect(away).toBeGreaterThan(0);
  });

  it('gives the same ids when parsed twice, from the events’ own ids', () => {
    expect(statsbombAdapter.parse(match)).toEqual(parsed);
    const ids = parsed.matchEvents.map((event) => event.providerId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reads the events list alone', () => {
    const alone = statsbombAdapter.parse(JSON.stringify(JSON.parse(match).events));
    const essentials = (events: FeedMatchEvent[]) =>
      events.map((event) => [event.providerId, event.key, event.period, event.periodSeconds, event.teamProviderId]);
    expect(essentials(alone.matchEvents)).toEqual(essentials(parsed.matchEvents));
    // Without the lineups, names are the events' own (no nickname, no jersey number).
    expect(alone.people.find((person) => person.providerId === '5005')).toEqual({
      providerId: '5005',
      name: 'Kai Thornton',
      teamProviderId: HOME,
    });
    expect(alone.teams.map((team) => team.providerId)).toEqual([HOME, AWAY]);
  });

  it('refuses single bad events with their place', () => {
    const events = JSON.parse(match).events;
    events[5] = { id: 'x', type: { name: 'Pass' } };
    events[6] = { ...events[6], timestamp: '12 minutes' };
    events[7] = { ...events[7], minute: -4 };
    const read = statsbombAdapter.parse(JSON.stringify(events));
    expect(read.refused).toEqual([
      { ref: '$[5]', reason: FEED_MESSAGES.rowNotEvent },
      { ref: '$[6]', reason: FEED_MESSAGES.rowBadTimestamp('12 minutes') },
      { ref: '$[7]', reason: FEED_MESSAGES.rowBadMinute('-4') },
    ]);
    expect(read.matchEvents).toHaveLength(parsed.matchEvents.length - 3);
  });

  it('refuses documents that are not StatsBomb events', () => {
    expect(refusal(() => statsbombAdapter.parse('{"name": "Premier League", "matches": []}')).reason).toEqual(
      FEED_MESSAGES.notStatsbomb,
    );
    const lineups = JSON.stringify(JSON.parse(match).lineups);
    expect(refusal(() => statsbombAdapter.parse(lineups)).reason).toEqual(FEED_MESSAGES.notStatsbomb);
    expect(
      refusal(() => statsbombAdapter.parse(JSON.stringify({ events: [], lineups: [{ team: 1 }] }))).reason,
    ).toEqual(FEED_MESSAGES.notStatsbombLineups('$.lineups[0]'));
    expect(refusal(() => statsbombAdapter.parse(match.slice(0, 2000))).reason.code).toBe('FEED_MESSAGES.truncatedJson');
    expect(refusal(() => statsbombAdapter.parse(Buffer.from('PK\u0003\u0004\u0000\u0000binary zip'))).reason).toEqual(
      FEED_MESSAGES.binary,
    );
  });

  it('reads the timestamps StatsBomb writes', () => {
    expect(timestampSeconds('00:47:10.123')).toBe(47 * 60 + 10.123);
    expect(timestampSeconds('01:02:03')).toBe(3723);
    expect(timestampSeconds('00:61:00.000')).toBeUndefined();
  });

  it('reads a generated 3 800-event match', () => {
    const sample = sampleStatsbombMatch();
    const read = statsbombAdapter.parse(sample);
    expect(JSON.parse(sample).events).toHaveLength(3800);
    expect(read.refused).toBeUndefined();
    expect(read.matchEvents.length).toBeGreaterThan(3700);
    expect(read.stats?.['901']?.shots).toBeGreaterThan(0);
    expect(sampleStatsbombMatch()).toBe(sample);
  });
});
