import { readFileSync } from 'node:fs';
import type { FeedFixture, ParsedFeed } from '@regie/contract/feeds';
import { FEED_MESSAGES } from '@regie/contract/feeds.messages';
import { describe, expect, it } from 'vitest';
import { FeedError } from './feeds.adapter.ts';
import { sampleOpenfootballSeason } from './feeds.samples.ts';
import { openfootballAdapter, splitCompetitionName } from './openfootball.ts';

const season = readFileSync(new URL('../../test/fixtures/feeds/season.football.json', import.meta.url), 'utf8');
const parse = (document: string | Buffer, timeZone = 'Europe/London') =>
  openfootballAdapter.parse(document, { timeZone });

function fixture(parsed: ParsedFeed, home: string, away: string): FeedFixture {
  const found = parsed.fixtures.find((one) => one.homeTeamProviderId === home && one.awayTeamProviderId === away);
  if (!found) throw new Error(`no fixture ${home} – ${away}`);
  return found;
}

function refusal(run: () => unknown): FeedError {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('openfootball football.json', () => {
  const parsed = parse(season);

  it('reads the season: competition, season, teams and a dozen fixtures', () => {
    expect(parsed.provider).toBe('openfootball');
    expect(parsed.competition).toEqual({ providerId: 'riverside-league', name: 'Riverside League' });
    expect(parsed.season).toEqual({ providerId: 'riverside-league:2025-2026', name: '2025-2026' });
    expect(parsed.fixtures).toHaveLength(12);
    expect(parsed.teams.map((team) => team.name).sort()).toEqual([
      'Eastfield Rovers',
      'Harbour City',
      'Kingsport Athletic',
      'Northbridge United',
      'Olympique Riverside FC',
      'Westmoor Town',
    ]);
    expect(parsed.refused).toBeUndefined();
    const first = fixture(parsed, 'olympique-riverside-fc', 'harbour-city');
    expect(first).toMatchObject({
      providerId: '2025-08-16:olympique-riverside-fc-harbour-city',
      round: 'Matchday 1',
      venue: 'Riverside Park',
      score: { ht: [1, 0], ft: [2, 1] },
      // 15:00 in London in August is 14:00 UTC.
      startsAt: '2025-08-16T15:00:00+01:00',
    });
    expect(new Date(first.startsAt).toISOString()).toBe('2025-08-16T14:00:00.000Z');
  });

  it('keeps the offset a time gives, and marks a fixture without time as date only', () => {
    expect(fixture(parsed, 'westmoor-town', 'olympique-riverside-fc').startsAt).toBe('2025-08-24T19:45:00+01:00');
    const dateOnly = fixture(parsed, 'westmoor-town', 'eastfield-rovers');
    expect(dateOnly.startsAt).toBe('2025-08-31');
    expect(dateOnly.dateOnly).toBe(true);
    // Times without offset follow the time zone given (UTC by default).
    expect(fixture(parse(season, 'UTC'), 'olympique-riverside-fc', 'harbour-city').startsAt).toBe(
      '2025-08-16T15:00:00+00:00',
    );
  });

  it('places goals on the match clock: 45+2, 90+5, in match order, for the team they count for', () => {
    const goals = fixture(parsed, 'olympique-riverside-fc', 'harbour-city').matchEvents ?? [];
    expect(goals.map((goal) => [goal.label, goal.period, goal.periodSeconds, goal.minute, goal.stoppage])).toEqual([
      ['Goal: Jordan Miles', 1, 12 * 60, 12, undefined],
      ['Goal: Ellis Crane', 1, 47 * 60, 45, 2],
      ['Goal: Luca Bernardi', 2, (45 + 5) * 60, 90, 5],
    ]);
    expect(goals.map((goal) => goal.teamProviderId)).toEqual([
      'olympique-riverside-fc',
      'harbour-city',
      'olympique-riverside-fc',
    ]);
    expect(goals.every((goal) => goal.key === 'goal')).toBe(true);
  });

  it('keys penalties and own goals, an own goal counting for the side that lists it', () => {
    const goals = fixture(parsed, 'northbridge-united', 'eastfield-rovers').matchEvents ?? [];
    expect(goals.map((goal) => [goal.key, goal.label, goal.teamProviderId])).toEqual([
      ['goal:owngoal', 'Goal: Tom Hale (o.g.)', 'eastfield-rovers'],
      ['goal:penalty', 'Goal: Owen Price (pen.)', 'northbridge-united'],
    ]);
  });

  it('places extra-time goals in periods 3 and 4: 93, 105+1, 120+3', () => {
    const goals = fixture(parsed, 'kingsport-athletic', 'harbour-city').matchEvents ?? [];
    expect(goals.map((goal) => [goal.period, goal.periodSeconds, goal.minute, goal.stoppage ?? 0])).toEqual([
      [1, 9 * 60, 9, 0],
      [2, (78 - 45) * 60, 78, 0],
      [3, 3 * 60, 93, 0],
      [3, 16 * 60, 105, 1],
      [4, 18 * 60, 120, 3],
    ]);
    expect(fixture(parsed, 'kingsport-athletic', 'harbour-city').score).toEqual({ ht: [1, 0], ft: [1, 1], et: [2, 3] });
  });

  it('gives the same ids when parsed twice, and keeps them when a score changes', () => {
    expect(parse(season)).toEqual(parsed);
    const document = JSON.parse(season);
    document.matches[7].score = { ht: [1, 0], ft: [2, 0] };
    document.matches[7].goals1 = [{ name: 'Ellis Crane', minute: 10 }];
    document.matches[0].time = '15:30';
    const updated = parse(JSON.stringify(document));
    expect(updated.fixtures.map((one) => one.providerId)).toEqual(parsed.fixtures.map((one) => one.providerId));
    expect(updated.fixtures[7]?.score).toEqual({ ht: [1, 0], ft: [2, 0] });
    expect(updated.fixtures[0]?.matchEvents?.map((goal) => goal.providerId)).toEqual(
      parsed.fixtures[0]?.matchEvents?.map((goal) => goal.providerId),
    );
  });

  it('reads the older shape: rounds, team objects, score1/score2, stadium and timezone', () => {
    const old = {
      name: 'World Cup 2014',
      rounds: [
        {
          name: 'Matchday 1',
          matches: [
            {
              num: 1,
              date: '2014-06-12',
              time: '17:00',
              timezone: 'UTC-3',
              team1: { key: 'bra', name: 'Brazil', code: 'BRA' },
              team2: { key: 'cro', name: 'Croatia', code: 'CRO' },
              score1: 3,
              score2: 1,
              score1i: 1,
              score2i: 1,
              goals1: [
                { name: 'Neymar', minute: 29 },
                { name: 'Neymar', minute: 71, penalty: true },
                { name: 'Oscar', minute: 90, offset: 1 },
              ],
              goals2: [{ name: 'Marcelo', minute: 11, owngoal: true }],
              group: 'Group A',
              stadium: { key: 'saopaulo', name: 'Arena de São Paulo' },
              city: 'São Paulo',
            },
          ],
        },
      ],
    };
    const read = parse(JSON.stringify(old));
    expect(read.competition?.name).toBe('World Cup');
    expect(read.season?.name).toBe('2014');
    expect(read.fixtures).toHaveLength(1);
    expect(read.fixtures[0]).toMatchObject({
      providerId: '2014-06-12:brazil-croatia',
      round: 'Matchday 1',
      group: 'Group A',
      startsAt: '2014-06-12T17:00:00-03:00',
      venue: 'Arena de São Paulo, São Paulo',
      score: { ft: [3, 1], ht: [1, 1] },
    });
    expect(read.fixtures[0]?.matchEvents?.map((goal) => [goal.key, goal.teamProviderId, goal.period])).toEqual([
      ['goal:owngoal', 'croatia', 1],
      ['goal', 'brazil', 1],
      ['goal:penalty', 'brazil', 2],
      ['goal', 'brazil', 2],
    ]);
  });

  it('reads the current shape with a UTC offset time, as the World Cup files write it', () => {
    const read = parse(
      JSON.stringify({
        name: 'World Cup 2018',
        matches: [
          { round: 'Matchday 1', date: '2018-06-14', time: '18:00 UTC+3', team1: 'Russia', team2: 'Saudi Arabia' },
        ],
      }),
    );
    expect(read.fixtures[0]?.startsAt).toBe('2018-06-14T18:00:00+03:00');
  });

  it('refuses single bad rows with their place, and reads the rest', () => {
    const document = {
      name: 'Test League 2025/26',
      matches: [
        { round: 'R1', date: '2025-02-30', team1: 'A', team2: 'B' },
        { round: 'R1', team1: 'A', team2: 'B' },
        { round: 'R1', date: '2025-03-01', time: '25:99', team1: 'A', team2: 'B' },
        { round: 'R1', date: '2025-03-01', team1: 'A' },
        { round: 'R1', date: '2025-03-01', team1: 'A', team2: 'a' },
        {
          round: 'R1',
          date: '2025-03-02',
          team1: 'A',
          team2: 'B',
          goals1: [{ name: 'X', minute: 'late' }, { minute: 3 }],
        },
      ],
    };
    const read = parse(JSON.stringify(document));
    expect(read.fixtures).toHaveLength(1);
    expect(read.season?.name).toBe('2025/26');
    expect(read.refused).toEqual([
      { ref: '$.matches[0]', reason: FEED_MESSAGES.rowBadDate('2025-02-30') },
      { ref: '$.matches[1]', reason: FEED_MESSAGES.rowNoDate },
      { ref: '$.matches[2]', reason: FEED_MESSAGES.rowBadTime('25:99') },
      { ref: '$.matches[3]', reason: FEED_MESSAGES.rowNoTeam('away') },
      { ref: '$.matches[4]', reason: FEED_MESSAGES.rowSameTeams('A') },
      { ref: '$.matches[5].goals1[0]', reason: FEED_MESSAGES.rowBadMinute('late') },
      { ref: '$.matches[5].goals1[1]', reason: FEED_MESSAGES.rowNoScorer },
    ]);
  });

  it('refuses documents that are not football.json, with a clear message', () => {
    expect(refusal(() => parse('{"events": []}')).reason).toEqual(FEED_MESSAGES.notOpenfootball);
    expect(refusal(() => parse('[1, 2]')).reason).toEqual(FEED_MESSAGES.notOpenfootball);
    expect(refusal(() => parse('{"matches": {}}')).reason).toEqual(FEED_MESSAGES.notOpenfootballList('$.matches'));
    // Cut short: the error names the end of the text, where the document stops.
    const cut = season.slice(0, 500);
    const lines = cut.split('\n');
    expect(refusal(() => parse(cut)).reason).toEqual(
      FEED_MESSAGES.truncatedJson(lines.length, (lines.at(-1)?.length ?? 0) + 1),
    );
    const broken = refusal(() => parse('{\n  "name": "x",\n  "matches": [}\n'));
    expect(broken.reason).toEqual(FEED_MESSAGES.invalidJson(3, 15, '} '));
    expect(broken.statusCode).toBe(400);
    expect(refusal(() => parse('   ')).reason).toEqual(FEED_MESSAGES.empty);
    expect(refusal(() => parse(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]))).reason).toEqual(
      FEED_MESSAGES.binary,
    );
    expect(refusal(() => parse(season, 'Mars/Olympus')).reason).toEqual(FEED_MESSAGES.badTimeZone('Mars/Olympus'));
  });

  it('refuses a document over the size limit before parsing it', () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
    const error = refusal(() => parse(big));
    expect(error.reason).toEqual(FEED_MESSAGES.tooLarge(big.byteLength));
    expect(error.statusCode).toBe(413);
  });

  it('splits a name into competition and season', () => {
    expect(splitCompetitionName('English Premier League 2024/25')).toEqual({
      competition: 'English Premier League',
      season: '2024/25',
    });
    expect(splitCompetitionName('Premier League')).toEqual({ competition: 'Premier League' });
  });

  it('reads a generated 380-match season', () => {
    const read = parse(sampleOpenfootballSeason());
    expect(read.fixtures).toHaveLength(380);
    expect(read.teams).toHaveLength(20);
    expect(new Set(read.fixtures.map((one) => one.providerId)).size).toBe(380);
    expect(read.refused).toBeUndefined();
    expect(sampleOpenfootballSeason()).toBe(sampleOpenfootballSeason());
  });
});
