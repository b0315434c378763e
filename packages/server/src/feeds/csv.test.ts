import { readFileSync } from 'node:fs';
import { FEED_MESSAGES } from '@regie/contract/feeds.messages';
import { describe, expect, it } from 'vitest';
import { csvAdapter, detectSeparator, readCsv } from './csv.ts';
import { FeedError } from './feeds.adapter.ts';

const fixturesCsv = readFileSync(new URL('../../test/fixtures/feeds/fixtures.csv', import.meta.url));
const eventsCsv = readFileSync(new URL('../../test/fixtures/feeds/match-events.csv', import.meta.url));

const FIXTURE_COLUMNS = {
  id: 'Match ID',
  date: 'Date',
  time: 'Kick-off',
  home: 'Home team',
  away: 'Away team',
  round: 'Round',
  venue: 'Stadium',
  homeScore: 'Home goals',
  awayScore: 'Away goals',
};
const EVENT_COLUMNS = {
  id: 'id',
  period: 'period',
  minute: 'minute',
  stoppage: 'stoppage',
  second: 'second',
  type: 'type',
  team: 'team',
  player: 'player',
};

function refusal(run: () => unknown): FeedError {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('CSV reading (RFC 4180)', () => {
  it('reads quoted cells with separators, doubled quotes and line breaks, CRLF and a BOM', () => {
    const table = readCsv('a,b,c\r\n"1,5","say ""hi""","two\r\nlines"\r\n\r\nx,,z\n');
    expect(table.records).toEqual([
      { cells: ['a', 'b', 'c'], line: 1 },
      { cells: ['1,5', 'say "hi"', 'two\r\nlines'], line: 2 },
      { cells: ['x', '', 'z'], line: 5 },
    ]);
    expect(readCsv('a;b\n1;2').records[1]?.cells).toEqual(['1', '2']);
  });

  it('finds the separator in the header line', () => {
    expect(detectSeparator('date;home;away\n1,2;3;4')).toBe(';');
    expect(detectSeparator('date,home,away')).toBe(',');
    expect(detectSeparator('date\thome\taway')).toBe('\t');
    expect(detectSeparator('"a;b",c')).toBe(',');
  });

  it('names the line and column of a broken quote', () => {
    expect(refusal(() => readCsv('a,b\n1,"open\n2,3')).reason).toEqual(FEED_MESSAGES.csvUnclosedQuote(2, 3));
    expect(refusal(() => readCsv('a,b\n1,x"y\n')).reason).toEqual(FEED_MESSAGES.csvStrayQuote(2, 4));
    expect(refusal(() => readCsv('a,b\n"1"x,2\n')).reason).toEqual(FEED_MESSAGES.csvStrayQuote(2, 4));
  });
});

describe('CSV of fixtures', () => {
  const parsed = csvAdapter.parse(fixturesCsv, { csvColumns: FIXTURE_COLUMNS, timeZone: 'Europe/London' });

  it('reads each mapped column, with ; as separator and quoted cells', () => {
    expect(parsed.provider).toBe('csv');
    expect(parsed.fixtures.map((fixture) => fixture.providerId)).toEqual([
      'RL-101',
      'RL-102',
      'RL-103',
      'RL-104',
      'RL-106',
    ]);
    expect(parsed.fixtures[0]).toEqual({
      providerId: 'RL-101',
      startsAt: '2025-08-16T15:00:00+01:00',
      homeTeamProviderId: 'olympique-riverside-fc',
      awayTeamProviderId: 'harbour-city',
      round: 'Matchday 1',
      venue: 'Riverside Park',
      score: { ft: [2, 1] },
    });
    expect(parsed.fixtures[1]?.venue).toBe('Bridge Road; North Stand');
    expect(parsed.fixtures[2]).toMatchObject({ startsAt: '2025-08-17', dateOnly: true });
    expect(parsed.fixtures[2]?.score).toBeUndefined();
    expect(parsed.fixtures[3]?.venue).toBe('Harbour "Old" Stadium');
    expect(parsed.fixtures[4]?.startsAt).toBe('2025-08-24T19:45:00+01:00');
    expect(parsed.teams).toHaveLength(6);
  });

  it('refuses a row with an unreadable date and reads the others', () => {
    expect(parsed.refused).toEqual([{ ref: 'line 6', reason: FEED_MESSAGES.rowBadDate('31/02/2025') }]);
  });

  it('makes ids from the date and teams without an id column, the same on each parse', () => {
    const { id: _id, ...columns } = FIXTURE_COLUMNS;
    const once = csvAdapter.parse(fixturesCsv, { csvColumns: columns });
    expect(once.fixtures[0]?.providerId).toBe('2025-08-16:olympique-riverside-fc-harbour-city');
    expect(csvAdapter.parse(fixturesCsv, { csvColumns: columns })).toEqual(once);
  });

  it('refuses a file without a mapped column, naming the column, the field and the columns it has', () => {
    const error = refusal(() => csvAdapter.parse(fixturesCsv, { csvColumns: { ...FIXTURE_COLUMNS, venue: 'Ground' } }));
    expect(error.reason).toEqual(
      FEED_MESSAGES.csvColumnMissing(
        'Ground',
        'venue',
        '"Match ID", "Date", "Kick-off", "Home team", "Away team", "Round", "Stadium", "Home goals", "Away goals"',
      ),
    );
    expect(error.statusCode).toBe(400);
  });

  it('refuses a mapping without its required fields, or with unknown ones', () => {
    expect(refusal(() => csvAdapter.parse(fixturesCsv, {})).reason).toEqual(FEED_MESSAGES.csvMappingRequired);
    expect(
      refusal(() => csvAdapter.parse(fixturesCsv, { csvColumns: { home: 'Home team', away: 'Away team' } })).reason,
    ).toEqual(FEED_MESSAGES.csvFieldRequired('date'));
    expect(
      refusal(() => csvAdapter.parse(fixturesCsv, { csvColumns: { ...FIXTURE_COLUMNS, referee: 'Referee' } })).reason,
    ).toEqual(
      FEED_MESSAGES.csvUnknownField('referee', 'id, date, time, home, away, round, venue, homeScore, awayScore'),
    );
  });

  it('refuses binary junk and an empty file', () => {
    const junk = Buffer.alloc(4096);
    for (let index = 0; index < junk.length; index++) junk[index] = (index * 7919) % 256;
    expect(refusal(() => csvAdapter.parse(junk, { csvColumns: FIXTURE_COLUMNS })).reason).toEqual(FEED_MESSAGES.binary);
    expect(refusal(() => csvAdapter.parse('\uFEFF\r\n', { csvColumns: FIXTURE_COLUMNS })).reason).toEqual(
      FEED_MESSAGES.empty,
    );
  });
});

describe('CSV of match events', () => {
  const parsed = csvAdapter.parse(eventsCsv, { csvColumns: EVENT_COLUMNS });

  it('reads one match’s events on the clock: stoppage time and extra time', () => {
    expect(
      parsed.matchEvents.map((event) => [
        event.providerId,
        event.period,
        event.periodSeconds,
        event.minute,
        event.stoppage ?? 0,
      ]),
    ).toEqual([
      ['e1', 1, 12 * 60 + 30, 12, 0],
      ['e2', 1, 47 * 60, 45, 2],
      ['e4', 2, 15 * 60, 60, 0],
      ['e3', 2, 50 * 60 + 10, 90, 5],
      ['e5', 3, 16 * 60, 105, 1],
      ['e6', 4, 18 * 60, 120, 3],
    ]);
    expect(parsed.matchEvents[0]).toMatchObject({
      key: 'Goal',
      teamProviderId: 'olympique-riverside-fc',
      personName: 'Jordan Miles',
      label: 'Goal: Jordan Miles',
    });
    expect(parsed.matchEvents[3]?.personName).toBe('Bernardi, Luca');
    expect(parsed.matchEvents[2]?.personName).toBe('Noah Vale\r\n(off)');
  });

  it('refuses rows with an unreadable minute or no type, naming their line', () => {
    expect(parsed.refused).toEqual([
      { ref: 'line 9', reason: FEED_MESSAGES.rowBadMinute('abc') },
      { ref: 'line 10', reason: FEED_MESSAGES.rowNoType },
    ]);
  });

  it('reads the period from the minute when no period column is mapped, and makes stable ids', () => {
    const document = 'Min,Event,Side\n45+2,Goal,Home\n93,Goal,Away\n93,Goal,Away\n90+,Goal,Home\n';
    const read = csvAdapter.parse(document, { csvColumns: { minute: 'Min', type: 'Event', team: 'Side' } });
    expect(read.refused).toEqual([{ ref: 'line 5', reason: FEED_MESSAGES.rowBadMinute('90+') }]);
    expect(read.matchEvents.map((event) => [event.providerId, event.period, event.periodSeconds])).toEqual([
      ['1:47:0:goal:home:', 1, 47 * 60],
      ['3:93:0:goal:away:', 3, 3 * 60],
      ['3:93:0:goal:away:#2', 3, 3 * 60],
    ]);
    expect(csvAdapter.parse(document, { csvColumns: { minute: 'Min', type: 'Event', team: 'Side' } })).toEqual(read);
  });
});
