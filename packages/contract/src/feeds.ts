/**
 * Sports data feeds (issue 25): the one model every provider adapter parses its documents into,
 * and that the import, the match events → markers, the stats, the subscriptions and the event
 * generator read. zod-free: the web app reads the types and constants too.
 *
 * A provider adapter (server `feeds/`) turns one document of its published format into a
 * `ParsedFeed`. It resolves everything that depends on the format, so that the rest of Regie
 * never reads a provider's own fields:
 * - ids: every record carries the provider's id for it as a string (`providerId`), stable across
 *   re-imports of the same or an updated document (made from the document's own ids, or, where
 *   the format has none, from the names and dates that identify the record);
 * - the match clock: a match event says in which period it happened and how many seconds after
 *   that period's kick-off (`periodSeconds`), stoppage time included (45+2 → period 1, 47 min).
 *   The video position is then `periods[period].startsAt + periodSeconds` (contract
 *   `match-clock.ts`), whatever the format;
 * - the event's key (`key`): the provider's event type and, when it matters, its qualifier
 *   ('Shot:Goal', 'Foul Committed:Yellow Card', 'goal:penalty'), which the parser mapping maps to
 *   one of the account's marker types, or to nothing. Each adapter lists the keys it can emit
 *   (`FeedAdapterInfo.eventKeys`) with the meaning of those that have one (`FeedMeaning`), from
 *   which the default mapping is made.
 */

import type { Message } from './messages.ts';

/** The providers Regie reads, by the name the import call takes (`provider`). */
export const FEED_PROVIDERS = ['openfootball', 'statsbomb', 'csv'] as const;
export type FeedProvider = (typeof FEED_PROVIDERS)[number];

/** What a match event means, whatever the provider calls it: the default parser mapping's keys. */
export const FEED_MEANINGS = ['goal', 'ownGoal', 'penaltyGoal', 'yellowCard', 'redCard', 'substitution'] as const;
export type FeedMeaning = (typeof FEED_MEANINGS)[number];

/** The figures of a match a feed may give, per team (`possession` in percent). */
export const FEED_STAT_KEYS = [
  'shots',
  'shotsOnTarget',
  'fouls',
  'yellowCards',
  'redCards',
  'corners',
  'possession',
] as const;
export type FeedStatKey = (typeof FEED_STAT_KEYS)[number];

export interface FeedTeam {
  providerId: string;
  name: string;
}

export interface FeedPerson {
  providerId: string;
  name: string;
  teamProviderId?: string;
  shirtNumber?: number;
  position?: string;
}

export interface FeedScore {
  /** Full time [home, away]; half time; after extra time; penalty shoot-out. */
  ft?: [number, number];
  ht?: [number, number];
  et?: [number, number];
  p?: [number, number];
}

export interface FeedFixture {
  providerId: string;
  /** The round's name as published ('Matchday 1', 'Round of 16'); group when the format has one. */
  round?: string;
  group?: string;
  /** Kick-off: an ISO date-time with its offset when the document gives a time, else a date. */
  startsAt: string;
  /** True when the document gives no kick-off time (the date alone). */
  dateOnly?: boolean;
  homeTeamProviderId: string;
  awayTeamProviderId: string;
  venue?: string;
  score?: FeedScore;
  /** The fixture's own match events when the format has them (openfootball's goals). */
  matchEvents?: FeedMatchEvent[];
}

export interface FeedMatchEvent {
  /** Unique within the match; stable across re-imports. */
  providerId: string;
  /** The provider's type and qualifier, as the parser mapping keys it. */
  key: string;
  /** 1, 2 (halves), 3, 4 (extra time), 5 (penalty shoot-out). */
  period: number;
  /** Seconds after the period's kick-off, stoppage time included. */
  periodSeconds: number;
  /** As the match clock shows it: minute (45 for 45+2), the stoppage minutes (2), the second. */
  minute: number;
  stoppage?: number;
  second: number;
  teamProviderId?: string;
  personProviderId?: string;
  /** The person's name as the document gives it (openfootball names scorers only). */
  personName?: string;
  /** A short text for the marker's label ('Goal: Messi', 'Substitution: A ↔ B'). */
  label: string;
}

/** Per team provider id, the figures the feed gives. */
export type FeedStats = Record<string, Partial<Record<FeedStatKey, number>>>;

export interface ParsedFeed {
  provider: FeedProvider;
  /** The competition and season the document is about, when it says so. */
  competition?: { providerId: string; name: string };
  season?: { providerId: string; name: string };
  teams: FeedTeam[];
  people: FeedPerson[];
  fixtures: FeedFixture[];
  /** One match's events (statsbomb, csv of match events), in match order. */
  matchEvents: FeedMatchEvent[];
  stats?: FeedStats;
  /** Rows of the document the adapter could not read (the rest is read): see FeedRefusedRow. */
  refused?: FeedRefusedRow[];
}

/** What an adapter tells the screens and the default mapping about itself. */
export interface FeedAdapterInfo {
  provider: FeedProvider;
  /** Where the format is documented. */
  documentation: string;
  /** What its documents hold. */
  gives: { fixtures: boolean; matchEvents: boolean; stats: boolean };
  /** Every key its match events can carry, with the meaning of those that have one. */
  eventKeys: { key: string; meaning?: FeedMeaning }[];
}

/**
 * A CSV document's columns, mapped once by the user (saved per account, provider and sport): for
 * each field Regie reads, the header of the column that holds it. Which fields are required
 * depends on what the file holds (fixtures or one match's events): server `feeds/csv.ts`.
 */
export type CsvColumnMapping = Record<string, string>;

/** What a parse may need beside the document. */
export interface FeedParseOptions {
  /** csv: the column mapping (required). */
  csvColumns?: CsvColumnMapping;
  /** The time zone of times given without an offset (IANA name), default 'UTC'. */
  timeZone?: string;
  /** csv: what the file holds; by default fixtures when `home` or `away` is mapped, else events. */
  csvKind?: CsvKind;
}

/**
 * What an import, a generation or a feed poll did, counted per kind of record ('fixture',
 * 'challenger', 'marker', …), with each refused row and its reason (a person's sentence, in the
 * language of the request that started it). A finished import job holds it as its result.
 */
export interface ImportReport {
  created: Record<string, number>;
  updated: Record<string, number>;
  unchanged: Record<string, number>;
  /** Records the document no longer gives, removed (a marker whose match event is now mapped to nothing). */
  removed?: Record<string, number>;
  refused: { kind: string; ref: string; reason: string }[];
}

export function emptyImportReport(): ImportReport {
  return { created: {}, updated: {}, unchanged: {}, refused: [] };
}

/**
 * The largest document an adapter reads (bytes), checked before parsing: a season of a big
 * league is about 1 MB, a StatsBomb match's events about 4 MB.
 */
export const FEED_MAX_BYTES = 20 * 1024 * 1024;

/**
 * A row an adapter could not read inside an otherwise valid document (a match without a date, an
 * event without a type): the rest of the document is read, and the row is reported with its
 * place (`ref`: a JSON path such as `$.matches[3]`, or `line 12` of a CSV) and its reason.
 */
export interface FeedRefusedRow {
  ref: string;
  reason: Message;
}

/** What a CSV file holds: a season's fixtures, or one match's events. */
export const CSV_KINDS = ['fixtures', 'matchEvents'] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

/**
 * The fields Regie reads from a CSV of fixtures (the user maps each to one of the file's column
 * headers): `date` (YYYY-MM-DD, DD/MM/YYYY or an ISO date-time), `time` (HH:mm, HH:mm:ss,
 * optionally followed by `UTC+3`), `home` and `away` (team names), `round`, `venue`, `homeScore`
 * and `awayScore` (whole numbers), `id` (the provider's id of the fixture; else one is made from
 * the date and the teams).
 */
export const CSV_FIXTURE_FIELDS = [
  'id',
  'date',
  'time',
  'home',
  'away',
  'round',
  'venue',
  'homeScore',
  'awayScore',
] as const;
export const CSV_FIXTURE_REQUIRED_FIELDS = ['date', 'home', 'away'] as const;
/**
 * The fields Regie reads from a CSV of one match's events: `minute` (elapsed minutes of the match
 * clock, 47 for 45+2 when `stoppage` is empty, or 45 with `stoppage` 2), `type` (the event type,
 * the parser mapping's key), `period` (1, 2, 3, 4 for extra time, 5 for the shoot-out; else read
 * from the minute), `second`, `team`, `player`, `id` (the provider's id of the event; else one is
 * made from its clock, type, team and player).
 */
export const CSV_EVENT_FIELDS = ['id', 'period', 'minute', 'stoppage', 'second', 'type', 'team', 'player'] as const;
export const CSV_EVENT_REQUIRED_FIELDS = ['minute', 'type'] as const;
export type CsvFixtureField = (typeof CSV_FIXTURE_FIELDS)[number];
export type CsvEventField = (typeof CSV_EVENT_FIELDS)[number];
