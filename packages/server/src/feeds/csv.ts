import {
  CSV_EVENT_FIELDS,
  CSV_EVENT_REQUIRED_FIELDS,
  CSV_FIXTURE_FIELDS,
  CSV_FIXTURE_REQUIRED_FIELDS,
  type CsvColumnMapping,
  type CsvKind,
  type FeedFixture,
  type FeedMatchEvent,
  type FeedParseOptions,
  type FeedRefusedRow,
  type FeedScore,
  type FeedTeam,
  type ParsedFeed,
} from '@regie/contract/feeds';
import { FEED_MESSAGES } from '@regie/contract/feeds.messages';
import type { Message } from '@regie/contract/messages';
import type { FeedAdapter } from './feeds.adapter.ts';
import { FeedError } from './feeds.adapter.ts';
import { elapsedClock, PERIOD_END_MINUTE, reportedMinute } from './feeds.clock.ts';
import { calendarDate, checkTimeZone, documentText, kickOff, nameId, readTime } from './feeds.document.ts';

/**
 * A CSV file whose columns the user maps once (contract CSV_FIXTURE_FIELDS, CSV_EVENT_FIELDS):
 * a season's fixtures, or one match's events. RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180):
 * quoted cells with doubled quotes and line breaks, CRLF or LF line ends, a UTF-8 byte order
 * mark; the separator is the header line's most frequent of ',', ';' and tab (spreadsheets in
 * French write ';'). The first line is the header; empty lines are skipped.
 *
 * Ids: the `id` column when mapped; else a fixture's date and teams (as openfootball), an
 * event's clock, type, team and player ('2:47:12:goal:home-fc:jane-doe', '#2' for a repeat).
 */

export interface CsvTable {
  separator: string;
  /** Each record: its cells, and the line it starts on (1-based). */
  records: { cells: string[]; line: number }[];
}

/** The separator of a CSV: the header line's most frequent of ',', ';' and tab, outside quotes. */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/** RFC 4180 records; throws a FeedError naming the line and column of a broken quote. */
export function readCsv(text: string, separator = detectSeparator(text)): CsvTable {
  const records: CsvTable['records'] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let column = 1;
  let recordLine = 1;
  let index = 0;
  let cellStarted = false;
  const length = text.length;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) records.push({ cells, line: recordLine });
    cells = [];
    cell = '';
    cellStarted = false;
  };
  while (index < length) {
    const char = text[index] as string;
    if (char === '"' && !cellStarted) {
      // A quoted cell: up to the closing quote ("" is a quote).
      const openLine = line;
      const openColumn = column;
      index++;
      column++;
      let closed = false;
      while (index < length) {
        const inner = text[index] as string;
        if (inner === '"') {
          if (text[index + 1] === '"') {
            cell += '"';
            index += 2;
            column += 2;
            continue;
          }
          index++;
          column++;
          closed = true;
          break;
        }
        if (inner === '\n' || (inner === '\r' && text[index + 1] !== '\n')) {
          line++;
          column = 1;
        } else column++;
        cell += inner;
        index++;
      }
      if (!closed)
        throw new FeedError(FEED_MESSAGES.csvUnclosedQuote(openLine, openColumn), { place: `line ${openLine}` });
      cellStarted = true;
      // After the closing quote: a separator, a line end or the end (spaces tolerated).
      while (text[index] === ' ') {
        index++;
        column++;
      }
      const after = text[index];
      if (after !== undefined && after !== separator && after !== '\n' && after !== '\r') {
        throw new FeedError(FEED_MESSAGES.csvStrayQuote(line, column), { place: `line ${line}` });
      }
      continue;
    }
    if (char === separator) {
      cells.push(cell);
      cell = '';
      cellStarted = false;
      index++;
      column++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
      line++;
      column = 1;
      recordLine = line;
      continue;
    }
    if (char === '"') throw new FeedError(FEED_MESSAGES.csvStrayQuote(line, column), { place: `line ${line}` });
    cell += char;
    cellStarted = true;
    index++;
    column++;
  }
  if (cell !== '' || cells.length > 0 || cellStarted) endRecord();
  return { separator, records };
}

/** The kind of a CSV: given, else fixtures when `home` or `away` is mapped, else match events. */
export function csvKindOf(mapping: CsvColumnMapping, kind?: CsvKind): CsvKind {
  if (kind) return kind;
  return 'home' in mapping || 'away' in mapping ? 'fixtures' : 'matchEvents';
}

type Row = (field: string) => string;

function columnsOf(table: CsvTable, mapping: CsvColumnMapping, kind: CsvKind): Map<string, number> {
  const fields: readonly string[] = kind === 'fixtures' ? CSV_FIXTURE_FIELDS : CSV_EVENT_FIELDS;
  const required: readonly string[] = kind === 'fixtures' ? CSV_FIXTURE_REQUIRED_FIELDS : CSV_EVENT_REQUIRED_FIELDS;
  for (const field of Object.keys(mapping)) {
    if (!fields.includes(field)) throw new FeedError(FEED_MESSAGES.csvUnknownField(field, fields.join(', ')));
  }
  for (const field of required) {
    if (!mapping[field]?.trim()) throw new FeedError(FEED_MESSAGES.csvFieldRequired(field));
  }
  const headers = (table.records[0]?.cells ?? []).map((header) => header.trim());
  const columns = new Map<string, number>();
  for (const [field, header] of Object.entries(mapping)) {
    if (!header?.trim()) continue;
    const wanted = header.trim();
    let at = headers.indexOf(wanted);
    if (at < 0) at = headers.findIndex((candidate) => candidate.toLowerCase() === wanted.toLowerCase());
    if (at < 0) {
      throw new FeedError(
        FEED_MESSAGES.csvColumnMissing(wanted, field, headers.map((name) => `"${name}"`).join(', ') || '—'),
        { place: 'line 1' },
      );
    }
    columns.set(field, at);
  }
  return columns;
}

const wholeNumber = (value: string, max: number): number | undefined =>
  /^\d{1,4}$/.test(value) && Number(value) <= max ? Number(value) : undefined;

function readDate(value: string): { day: string; time?: string } | undefined {
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](.+))?$/.exec(value);
  if (match) {
    const day = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
    return day ? { day, ...(match[4] ? { time: match[4] } : {}) } : undefined;
  }
  match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?:\s+(.+))?$/.exec(value);
  if (match) {
    const day = calendarDate(Number(match[3]), Number(match[2]), Number(match[1]));
    return day ? { day, ...(match[4] ? { time: match[4] } : {}) } : undefined;
  }
  return undefined;
}

class Refused extends Error {
  constructor(readonly reason: Message) {
    super(reason.code);
  }
}

function fixtureOf(row: Row, timeZone: string, teams: Map<string, FeedTeam>, ids: Map<string, number>): FeedFixture {
  const dateText = row('date');
  if (!dateText) throw new Refused(FEED_MESSAGES.rowNoDate);
  const date = readDate(dateText);
  if (!date) throw new Refused(FEED_MESSAGES.rowBadDate(dateText));
  const home = row('home');
  if (!home) throw new Refused(FEED_MESSAGES.rowNoTeam('home'));
  const away = row('away');
  if (!away) throw new Refused(FEED_MESSAGES.rowNoTeam('away'));
  if (nameId(home) === nameId(away)) throw new Refused(FEED_MESSAGES.rowSameTeams(home));
  const timeText = row('time') || date.time || '';
  let startsAt = date.day;
  let dateOnly = true;
  if (timeText) {
    const time = readTime(timeText.replace(/(\d{2}:\d{2}(?::\d{2})?)\.\d+/, '$1'));
    if (!time) throw new Refused(FEED_MESSAGES.rowBadTime(timeText));
    startsAt = kickOff(
      date.day,
      time.hour,
      time.minute,
      time.second,
      time.offsetMinutes === undefined ? { timeZone } : { offsetMinutes: time.offsetMinutes },
    );
    dateOnly = false;
  }
  const score: FeedScore = {};
  const homeScoreText = row('homeScore');
  const awayScoreText = row('awayScore');
  if (homeScoreText || awayScoreText) {
    const homeScore = wholeNumber(homeScoreText, 999);
    if (homeScore === undefined) throw new Refused(FEED_MESSAGES.rowBadScore(homeScoreText));
    const awayScore = wholeNumber(awayScoreText, 999);
    if (awayScore === undefined) throw new Refused(FEED_MESSAGES.rowBadScore(awayScoreText));
    score.ft = [homeScore, awayScore];
  }
  const homeId = nameId(home) || home;
  const awayId = nameId(away) || away;
  if (!teams.has(homeId)) teams.set(homeId, { providerId: homeId, name: home });
  if (!teams.has(awayId)) teams.set(awayId, { providerId: awayId, name: away });
  let providerId = row('id') || `${date.day}:${homeId}-${awayId}`;
  const seen = ids.get(providerId) ?? 0;
  ids.set(providerId, seen + 1);
  if (seen > 0) providerId = `${providerId}#${seen + 1}`;
  const fixture: FeedFixture = { providerId, startsAt, homeTeamProviderId: homeId, awayTeamProviderId: awayId };
  if (dateOnly) fixture.dateOnly = true;
  if (row('round')) fixture.round = row('round');
  if (row('venue')) fixture.venue = row('venue');
  if (score.ft) fixture.score = score;
  return fixture;
}

function eventOf(row: Row, teams: Map<string, FeedTeam>, ids: Map<string, number>): FeedMatchEvent {
  const type = row('type');
  if (!type) throw new Refused(FEED_MESSAGES.rowNoType);
  const minuteText = row('minute');
  const minute = wholeNumber(minuteText, 150);
  if (minute === undefined) throw new Refused(FEED_MESSAGES.rowBadMinute(minuteText));
  const stoppageText = row('stoppage');
  const stoppage = stoppageText ? wholeNumber(stoppageText, 30) : 0;
  if (stoppage === undefined) throw new Refused(FEED_MESSAGES.rowBadOffset(stoppageText));
  const secondText = row('second');
  const second = secondText ? wholeNumber(secondText, 59) : 0;
  if (second === undefined) throw new Refused(FEED_MESSAGES.rowBadSecond(secondText));
  const periodText = row('period');
  let clock: ReturnType<typeof elapsedClock>;
  if (periodText) {
    const period = wholeNumber(periodText, 5);
    if (period === undefined || period < 1) throw new Refused(FEED_MESSAGES.rowBadPeriod(periodText));
    // The minute as the clock shows it: 45 with stoppage 2, or 47 in period 1 (past its end).
    clock = elapsedClock(
      period,
      minute + stoppage,
      second,
      stoppage && minute < (PERIOD_END_MINUTE[period] ?? 0) ? stoppage : undefined,
    );
  } else {
    clock = reportedMinute(minute, stoppage, second);
  }
  const teamName = row('team');
  const player = row('player');
  const event: FeedMatchEvent = {
    providerId: '',
    key: type,
    ...clock,
    label: player ? `${type}: ${player}` : type,
  };
  if (!event.stoppage) delete event.stoppage;
  let teamId: string | undefined;
  if (teamName) {
    teamId = nameId(teamName) || teamName;
    if (!teams.has(teamId)) teams.set(teamId, { providerId: teamId, name: teamName });
    event.teamProviderId = teamId;
  }
  if (player) {
    event.personName = player;
    event.personProviderId = `${teamId ?? ''}/${nameId(player) || player}`;
  }
  const clockId = `${clock.period}:${clock.minute + (clock.stoppage ?? 0)}:${clock.second}`;
  let providerId = row('id') || [clockId, nameId(type) || type, teamId ?? '', player ? nameId(player) : ''].join(':');
  const seen = ids.get(providerId) ?? 0;
  ids.set(providerId, seen + 1);
  if (seen > 0) providerId = `${providerId}#${seen + 1}`;
  event.providerId = providerId;
  return event;
}

function parse(document: string | Buffer, options: FeedParseOptions = {}): ParsedFeed {
  const mapping = options.csvColumns;
  if (!mapping || Object.values(mapping).every((header) => !header?.trim())) {
    throw new FeedError(FEED_MESSAGES.csvMappingRequired);
  }
  const timeZone = options.timeZone ?? 'UTC';
  checkTimeZone(timeZone);
  const kind = csvKindOf(mapping, options.csvKind);
  // The mapping's own mistakes first (they do not depend on the document)…
  columnsOf({ separator: ',', records: [{ cells: Object.values(mapping), line: 1 }] }, mapping, kind);
  // …then the document's.
  const table = readCsv(documentText(document));
  const columns = columnsOf(table, mapping, kind);
  const teams = new Map<string, FeedTeam>();
  const ids = new Map<string, number>();
  const refused: FeedRefusedRow[] = [];
  const fixtures: FeedFixture[] = [];
  const matchEvents: FeedMatchEvent[] = [];
  const people = new Map<string, { providerId: string; name: string; teamProviderId?: string }>();
  for (const record of table.records.slice(1)) {
    const row: Row = (field) => {
      const at = columns.get(field);
      return at === undefined ? '' : (record.cells[at] ?? '').trim();
    };
    try {
      if (kind === 'fixtures') fixtures.push(fixtureOf(row, timeZone, teams, ids));
      else {
        const event = eventOf(row, teams, ids);
        matchEvents.push(event);
        if (event.personProviderId && event.personName && !people.has(event.personProviderId)) {
          people.set(event.personProviderId, {
            providerId: event.personProviderId,
            name: event.personName,
            ...(event.teamProviderId ? { teamProviderId: event.teamProviderId } : {}),
          });
        }
      }
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      refused.push({ ref: `line ${record.line}`, reason: error.reason });
    }
  }
  matchEvents.sort((a, b) => a.period - b.period || a.periodSeconds - b.periodSeconds);
  const parsed: ParsedFeed = {
    provider: 'csv',
    teams: [...teams.values()],
    people: [...people.values()],
    fixtures,
    matchEvents,
  };
  if (refused.length > 0) parsed.refused = refused;
  return parsed;
}

export const csvAdapter: FeedAdapter = {
  provider: 'csv',
  documentation:
    'https://www.rfc-editor.org/rfc/rfc4180 (columns mapped by the user: contract feeds.ts CSV_FIXTURE_FIELDS, CSV_EVENT_FIELDS)',
  gives: { fixtures: true, matchEvents: true, stats: false },
  // A CSV's event types are the file's own words: none is known in advance.
  eventKeys: [],
  parse,
};
