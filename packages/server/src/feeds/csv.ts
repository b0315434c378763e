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
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import type { FeedAdapter } from './feeds.adapter.ts';
import { FeedError } from './feeds.adapter.ts';
import { elapsedClock, PERIOD_END_MINUTE, reportedMinute } from './feeds.clock.ts';
import { calendarDate, checkTimeZone, documentText, kickOff, nameId, readTime } from './feeds.document.ts';

/**
 * A CSV file whose columns the user maps once (contract CSV_FIXTURE_FIELDS, CSV_EVENT_FIELDS):
 * a season's fixtures, or one match's events. RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180),
 * read by csv-parse: quoted cells with doubled quotes and line breaks, CRLF, LF or CR line ends,
 * a UTF-8 byte order mark, spaces or tabs after a closing quote; the separator is the header
 * line's most frequent of ',', ';' and tab (spreadsheets in French write ';'). The first line is
 * the header; empty lines, and lines of only spaces, are skipped.
 *
 * Ids: the `id` column when mapped; else a fixture's date and teams (as openfootball), an
 * event's clock, type, team and player ('2:47:12:goal:home-fc:jane-doe', '#2' for a repeat).
 */

export interface CsvTable {
  separator: string;
  /** Each record: its cells, and the line it starts on (1-based). */
  records: { cells: string[]; line: number }[];
}

/**
 * The separator of a CSV: the header line's most frequent of ',', ';' and tab, outside quotes.
 * Not csv-parse's `delimiter_auto`: it counts inside quotes too ('"a;b",c' would read as ';').
 */
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

const LF = 0x0a;
const CR = 0x0d;

/** The offset past the line ends at `offset` (the empty lines csv-parse skipped). */
function pastLineEnds(bytes: Buffer, offset: number): number {
  let at = offset;
  while (bytes[at] === LF || bytes[at] === CR) at++;
  return at;
}

/**
 * Line and column (1-based, the column in UTF-16 units as an editor counts them) of a byte
 * offset. Lines are counted here: csv-parse's `info.lines` counts a CRLF inside quotes twice.
 */
function placeOf(bytes: Buffer, offset: number): { line: number; column: number } {
  const before = bytes.subarray(0, offset).toString('utf8');
  const lineEnds = before.match(/\r\n|\r|\n/g) ?? [];
  const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1;
  return { line: lineEnds.length + 1, column: before.length - lineStart + 1 };
}

/**
 * The FeedError of csv-parse's refusal, naming the line and column of the broken quote: the
 * opening quote never closed, or the character that should not be where it is (a quote inside
 * a cell that does not start with one, anything but a separator after a closing quote).
 * `recordStart`: where the last record read ended (the error's own `bytes_records` is a sum).
 */
function quoteRefusal(error: CsvError, bytes: Buffer, separator: string, recordStart: number): FeedError {
  // At the error: the cell's index in its record, and the offset of the separator before it.
  const cellIndex = Number(error.column);
  const separatorAt = Number(error.bytes);
  const cellStart = cellIndex > 0 ? separatorAt + Buffer.byteLength(separator) : pastLineEnds(bytes, recordStart);
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    const { line, column } = placeOf(bytes, cellStart);
    return new FeedError(FEED_MESSAGES.csvUnclosedQuote(line, column), { place: `line ${line}` });
  }
  let offending = cellStart;
  if (error.code === 'INVALID_OPENING_QUOTE') {
    // The cell's text read so far (its bytes), then the quote.
    offending += (error.field as { length: number } | undefined)?.length ?? 0;
  } else {
    // Past the quoted cell and the spaces allowed after it: what is neither separator nor line end.
    const quoted = /"(?:[^"]|"")*"[^\S\r\n]*/y;
    offending += Buffer.byteLength(quoted.exec(bytes.subarray(cellStart).toString('utf8'))?.[0] ?? '');
  }
  const { line, column } = placeOf(bytes, offending);
  return new FeedError(FEED_MESSAGES.csvStrayQuote(line, column), { place: `line ${line}` });
}

const QUOTE_ERRORS: ReadonlySet<string> = new Set([
  'CSV_QUOTE_NOT_CLOSED',
  'INVALID_OPENING_QUOTE',
  'CSV_INVALID_CLOSING_QUOTE',
  'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE',
]);

/** RFC 4180 records; throws a FeedError naming the line and column of a broken quote. */
export function readCsv(text: string, separator = detectSeparator(text)): CsvTable {
  // Without the byte order mark, so that byte offsets are places in the text as shown.
  const bytes = Buffer.from(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, 'utf8');
  // Where each record ends, for its line (and for an error's, which csv-parse's info gets wrong).
  const ends: number[] = [];
  let read: string[][];
  try {
    read = parseCsv(bytes, {
      delimiter: separator,
      record_delimiter: ['\r\n', '\n', '\r'],
      // Rows of any length: the mapping says which columns matter.
      relax_column_count: true,
      skip_empty_lines: true,
      // Spaces after a closing quote (and at the end of a cell, which is trimmed anyway).
      rtrim: true,
      on_record: (cells, info) => {
        ends.push(info.bytes_records);
        return cells;
      },
    });
  } catch (error) {
    if (error instanceof CsvError && QUOTE_ERRORS.has(error.code)) {
      throw quoteRefusal(error, bytes, separator, ends.at(-1) ?? 0);
    }
    throw error;
  }
  const records: CsvTable['records'] = [];
  // Each record's first line, counted from the bytes csv-parse read (see placeOf).
  let offset = 0;
  let line = 1;
  const advance = (to: number) => {
    for (; offset < to; offset++) {
      const byte = bytes[offset];
      if (byte === LF || (byte === CR && bytes[offset + 1] !== LF)) line++;
    }
  };
  read.forEach((cells, index) => {
    advance(pastLineEnds(bytes, offset));
    // Nothing but spaces (trimmed away), or one empty quoted cell (""): skipped as an empty line.
    if (!(cells.length === 1 && cells[0] === '')) records.push({ cells, line });
    advance(ends[index] ?? bytes.length);
  });
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
  // '45+2' in the minute column is the minute and its stoppage.
  const written = /^(\d{1,3})\s*\+\s*(\d{1,2})$/.exec(minuteText);
  const minute = wholeNumber(written ? (written[1] as string) : minuteText, 150);
  if (minute === undefined) throw new Refused(FEED_MESSAGES.rowBadMinute(minuteText));
  const stoppageText = row('stoppage') || (written ? (written[2] as string) : '');
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
