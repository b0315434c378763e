import { FEED_MAX_BYTES } from './feeds.ts';
import { messageCatalog } from './messages.ts';

/** Bytes in whole megabytes, as the messages say a size. */
export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * What the provider adapters (server `feeds/`) say of a document they refuse (a whole document
 * that is not the provider's format: nothing of it is read) and of a row they refuse inside a
 * valid document (the `row…` entries: the rest is read). Each names the place: a JSON path
 * (`$.matches[3].goals1[0]`), a CSV line and column.
 */
export const FEED_MESSAGES = messageCatalog('FEED_MESSAGES', {
  unknownProvider: (provider: string, known: string) =>
    `Unknown data provider "${provider}": the providers are ${known}`,
  tooLarge: (bytes: number) =>
    `The document is too large (${megabytes(bytes)} MB): the limit is ${megabytes(FEED_MAX_BYTES)} MB`,
  empty: 'The document is empty',
  binary: 'The document is not text (it holds binary data): send the provider’s JSON or CSV file',
  notUtf8: 'The document is not UTF-8 text: save it as UTF-8 and send it again',
  truncatedJson: (line: number, column: number) =>
    `The JSON document ends too early, at line ${line}, column ${column}: it looks truncated`,
  invalidJson: (line: number, column: number, near: string) =>
    `The document is not valid JSON: unexpected text at line ${line}, column ${column} (near “${near}”)`,
  badTimeZone: (zone: string) => `Unknown time zone "${zone}": give an IANA name such as Europe/Paris`,
  notOpenfootball:
    'This is not an openfootball football.json document: it needs an object with a "matches" list (or the older "rounds" list)',
  notOpenfootballList: (path: string) => `This is not an openfootball football.json document: ${path} is not a list`,
  notStatsbomb:
    'This is not a StatsBomb events file: it needs the list of a match’s events (each with a type and a period), or an object with "events" and "lineups"',
  notStatsbombLineups: (path: string) =>
    `This is not a StatsBomb lineup file: ${path} needs to be a list of teams, each with team_id, team_name and lineup`,
  csvMappingRequired:
    'Map the CSV’s columns first: each field Regie reads needs the header of the column that holds it',
  csvUnknownField: (field: string, known: string) =>
    `The CSV mapping names an unknown field "${field}": the fields are ${known}`,
  csvFieldRequired: (field: string) => `Map the field "${field}" to one of the CSV’s columns: it is required`,
  csvColumnMissing: (header: string, field: string, headers: string) =>
    `The CSV has no column "${header}" (mapped to the field "${field}"): its columns are ${headers}`,
  csvUnclosedQuote: (line: number, column: number) =>
    `CSV line ${line}, column ${column}: a quoted cell is never closed (the file may be truncated)`,
  csvStrayQuote: (line: number, column: number) =>
    `CSV line ${line}, column ${column}: a quote inside a cell that does not start with one (quote the whole cell and double its quotes)`,
  rowNoDate: 'The match has no date',
  rowBadDate: (value: string) => `Unreadable date "${value}": write it YYYY-MM-DD (or DD/MM/YYYY in a CSV)`,
  rowBadTime: (value: string) => `Unreadable kick-off time "${value}": write it HH:mm, optionally followed by UTC+1`,
  rowNoTeam: (side: string) => `The match has no ${side === 'home' ? 'home' : 'away'} team`,
  rowSameTeams: (name: string) => `The match has the same team on both sides (${name})`,
  rowBadScore: (value: string) => `Unreadable score "${value}": a score is a whole number`,
  rowBadMinute: (value: string) => `Unreadable minute "${value}": a minute is a whole number from 0 to 150`,
  rowBadOffset: (value: string) => `Unreadable stoppage time "${value}": it is a whole number of minutes`,
  rowBadPeriod: (value: string) => `Unreadable period "${value}": a period is 1, 2, 3, 4 (extra time) or 5 (shoot-out)`,
  rowBadSecond: (value: string) => `Unreadable second "${value}": a second is a whole number from 0 to 59`,
  rowNoScorer: 'The goal has no scorer’s name',
  rowNoType: 'The event has no type',
  rowNotEvent: 'Not a StatsBomb event: it needs type.name and a period from 1 to 5',
  rowBadTimestamp: (value: string) => `Unreadable timestamp "${value}": StatsBomb writes it HH:MM:SS.mmm`,
});
