import { z } from 'zod';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { FEED_PROVIDERS, FEED_STAT_KEYS, type FeedMeaning } from './feeds.ts';
import { MATCH_PERIODS, PERIOD_START_MAX_SECONDS } from './match-clock.ts';
import { messageCatalog } from './messages.ts';
import { referenceId } from './resources/shapes.ts';

/**
 * A match's events become markers, its figures the event's stats (issue 25 points 4 to 6).
 *
 * - The parser mapping: per account, provider, sport and mode (live or replay), each provider
 *   event key (contract feeds.ts `FeedMatchEvent.key`, e.g. statsbomb 'Shot:Goal') maps to one of
 *   the account's marker types, or to nothing. A mapping of one data provider mapping (one
 *   competition or event) overrides the account's for the keys it lists. A key never saved follows
 *   the default mapping: goals (own goals and penalties included) → the marker type of code
 *   'goal', yellow card → 'yellow-card', red card → 'red-card', substitution → 'substitution'
 *   (made on first use, named in English and French, for the account's sport); every other key →
 *   nothing.
 * - GET `parser-mappings?provider&sportId&mode[&dataProviderMappingId]` answers the provider's
 *   keys, each with the marker type it maps to now and where that comes from (saved here, saved
 *   for the account, or default); PUT with `{ entries: [{ key, markerTypeId | null }] }` saves the
 *   listed keys (other keys keep theirs). Platform admins acting for an account.
 * - Markers: one per match event (event, provider, provider's event id), at
 *   `periods[period].startsAt + periodSeconds` (match-clock.ts). Applying a document again
 *   creates the new ones, moves or retypes the changed ones, leaves the same ones unwritten and
 *   deletes those now mapped to nothing. A match event whose period has not kicked off yet (no
 *   start in the event's periods) is reported 'waiting for kick-off' and gets its marker when
 *   the period's start is set. An imported marker edited by hand is moved again by the next
 *   import or periods change: its match clock wins.
 * - POST `jobs/importMarkers` / `jobs/importEventStats` `{ eventId }` (spec §7, `x-account-key`)
 *   re-apply the event's stored match document (markers with today's mapping; stats): 202 with
 *   the job; 409 when the event has no match document yet.
 */

export const PARSER_MAPPING_MODES = ['live', 'replay'] as const;
export type ParserMappingMode = (typeof PARSER_MAPPING_MODES)[number];

export const MATCH_SIDES = ['home', 'away'] as const;
export type MatchSide = (typeof MATCH_SIDES)[number];

/** The marker type code each meaning maps to by default (feeds.ts FEED_MEANINGS). */
export const DEFAULT_MEANING_CODES: Readonly<Record<FeedMeaning, DefaultMarkerTypeCode>> = {
  goal: 'goal',
  ownGoal: 'goal',
  penaltyGoal: 'goal',
  yellowCard: 'yellow-card',
  redCard: 'red-card',
  substitution: 'substitution',
};

/** The codes of the marker types the default mapping uses (marker type codes are kebab-case: resources/marker-types.ts). */
export const DEFAULT_MARKER_TYPE_CODES = ['goal', 'yellow-card', 'red-card', 'substitution'] as const;
export type DefaultMarkerTypeCode = (typeof DEFAULT_MARKER_TYPE_CODES)[number];

/** The marker types the default mapping makes on first use: names in both languages, colour. */
export const DEFAULT_MARKER_TYPES: Readonly<
  Record<DefaultMarkerTypeCode, { en: string; fr: string; color: string; icon: string }>
> = {
  goal: { en: 'Goal', fr: 'But', color: '#2B8A3E', icon: 'IconBallFootball' },
  'yellow-card': { en: 'Yellow card', fr: 'Carton jaune', color: '#F59F00', icon: 'IconCards' },
  'red-card': { en: 'Red card', fr: 'Carton rouge', color: '#C92A2A', icon: 'IconCards' },
  substitution: { en: 'Substitution', fr: 'Remplacement', color: '#1971C2', icon: 'IconArrowsExchange' },
};

export const matchEventPaths = {
  /** GET parserMappingQuery → parserMappingResponse; PUT (same query) parserMappingBody → parserMappingResponse. */
  parserMappings: `${MAIN_API}/parser-mappings`,
  /** GET ?provider → parserMappingKeysResponse: the provider's keys and their meaning. */
  parserMappingKeys: `${MAIN_API}/parser-mappings/keys`,
  /** POST { eventId } → 202 job (spec §7). */
  importMarkers: `${MAIN_API}/jobs/importMarkers`,
  importEventStats: `${MAIN_API}/jobs/importEventStats`,
  /** GET → eventMatchStatsResponse: the event's match figures, home and away. */
  matchStats: (eventId: number | string) => `${MAIN_API}/events/${eventId}/match-stats`,
} as const;

/** The job types of the two calls; their resourceType is the event (jobs.ts). */
export const MATCH_JOB_TYPES = { markers: 'match.markers', stats: 'match.stats' } as const;
export const EVENT_RESOURCE_TYPE = 'Event';

const provider = z.enum(FEED_PROVIDERS);
const optionalId = z.coerce.number().int().positive().optional();

export const parserMappingQuery = z
  .object({
    provider,
    sportId: z.coerce.number().int().positive(),
    mode: z.enum(PARSER_MAPPING_MODES),
    dataProviderMappingId: optionalId,
  })
  .strict();
export type ParserMappingQuery = z.infer<typeof parserMappingQuery>;

/** A provider's keys hold a few dozen entries; a body lists at most this many. */
export const PARSER_MAPPING_ENTRIES_MAX = 500;
export const PARSER_MAPPING_KEY_MAX = 120;

export const parserMappingBody = z
  .object({
    entries: z
      .array(
        z
          .object({
            key: z.string().trim().min(1).max(PARSER_MAPPING_KEY_MAX),
            markerTypeId: referenceId.nullable(),
          })
          .strict(),
      )
      .max(PARSER_MAPPING_ENTRIES_MAX),
  })
  .strict();
export type ParserMappingBody = z.infer<typeof parserMappingBody>;

/** Where a key's marker type comes from: this data provider mapping, the account, or the default. */
export const PARSER_MAPPING_SOURCES = ['mapping', 'account', 'default'] as const;
export type ParserMappingSource = (typeof PARSER_MAPPING_SOURCES)[number];

export const parserMappingEntry = z.object({
  key: z.string(),
  meaning: z.enum(['goal', 'ownGoal', 'penaltyGoal', 'yellowCard', 'redCard', 'substitution']).nullable(),
  markerTypeId: z.number().nullable(),
  source: z.enum(PARSER_MAPPING_SOURCES),
});
export type ParserMappingEntry = z.infer<typeof parserMappingEntry>;

export const parserMappingResponse = z.object({
  provider,
  sportId: z.number(),
  mode: z.enum(PARSER_MAPPING_MODES),
  dataProviderMappingId: z.number().nullable(),
  entries: z.array(parserMappingEntry),
});
export type ParserMappingResponse = z.infer<typeof parserMappingResponse>;

export const parserMappingKeysQuery = z.object({ provider }).strict();
export const parserMappingKeysResponse = z.object({
  provider,
  documentation: z.string(),
  keys: z.array(z.object({ key: z.string(), meaning: parserMappingEntry.shape.meaning })),
});
export type ParserMappingKeysResponse = z.infer<typeof parserMappingKeysResponse>;

/** POST jobs/importMarkers, jobs/importEventStats. */
export const importEventJobBody = z.object({ eventId: referenceId }).strict();
export type ImportEventJobBody = z.infer<typeof importEventJobBody>;

const sideStats = z.object({
  teamName: z.string(),
  stats: z.partialRecord(z.enum(FEED_STAT_KEYS), z.number()),
});
export const eventMatchStatsResponse = z.object({
  provider: provider.nullable(),
  home: sideStats.nullable(),
  away: sideStats.nullable(),
  updatedAt: isoDateTime.nullable(),
});
export type EventMatchStatsResponse = z.infer<typeof eventMatchStatsResponse>;

/** An event's periods as the event resource takes them (resources/events.ts `periods`). */
export const periodStartSchema = z
  .object({
    period: z
      .number()
      .int()
      .refine((value) => (MATCH_PERIODS as readonly number[]).includes(value)),
    startsAt: z.number().finite().min(0).max(PERIOD_START_MAX_SECONDS),
  })
  .strict();

export const MATCH_EVENT_MESSAGES = messageCatalog('MATCH_EVENT_MESSAGES', {
  noMatchDocument: 'This event has no match data yet: import a match file first',
  waitingForKickOff: (period: number) => `Waiting for the kick-off of period ${period}: set it in the match clock`,
  noEventTeams: (names: readonly string[]) =>
    `The teams ${names.join(' and ')} are not the event's home and away challengers`,
  unknownMarkerTypes: (ids: readonly number[]) => `Unknown marker types: ${ids.join(', ')}`,
  duplicateKey: (key: string) => `The key ${key} is listed twice`,
  periodsDuplicate: 'Each period may be listed once',
  periodsOrder: 'Each period must kick off after the periods before it',
  eventWithoutSport: 'Choose the event’s sport first: the parser mapping is per sport',
  noSportForMarkerTypes: 'The account has no sport to make the default marker types for',
});
