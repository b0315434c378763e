import { z } from 'zod';
import { recordId } from './accounts.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog, schemaMessage } from './messages.ts';

/**
 * Generating a season's events (issue 25, admin tool `admin-tools/generate-events`): one event per
 * fixture of the season (`season_fixtures`), from the fixtures an import wrote (`source:
 * 'fixtures'`) or from a round robin the call makes first (`source: 'roundRobin'`: the circle
 * method, a bye each round for an odd count, home and away alternating, the second leg the first
 * mirrored; rounds 'Round 1'… made in the season when missing). Each event gets the competition,
 * season, round, both challengers, the venue and the kick-off; a fixture keeps its event
 * (`season_fixtures.event_id`), so generating again changes only what changed.
 *
 * POST /main-api/seasons/{seasonId}/generate-events, for platform admins
 * (`manage_customer_accounts`) acting for an account (x-account-key); the season must be the
 * account's (else 404). `dryRun: true` answers the preview and writes nothing; otherwise it
 * writes everything in one transaction and answers the same rows with the report.
 */

export const generateEventsPaths = {
  generate: (seasonId: number | string) => `${MAIN_API}/seasons/${seasonId}/generate-events`,
} as const;

export const GENERATE_EVENTS_LIMITS = {
  challengersMax: 40,
  daysBetweenRoundsMax: 60,
} as const;

export const GENERATE_EVENTS_MESSAGES = messageCatalog('GENERATE_EVENTS_MESSAGES', {
  seasonNotFound: (id: number) => `Season ${id} not found`,
  challengerNotFound: (id: number) => `Challenger ${id} not found`,
  twoChallengers: 'Choose at least two challengers',
  tooManyChallengers: `Choose at most ${GENERATE_EVENTS_LIMITS.challengersMax} challengers`,
  sameChallengerTwice: 'Each challenger can be chosen once',
  badDate: 'Give the first date as YYYY-MM-DD',
  badTime: 'Give the kick-off time as HH:mm (00:00 to 23:59)',
  badTimeZone: 'Give an IANA time zone, such as Europe/Paris',
  badDays: `Days between rounds: a whole number from 1 to ${GENERATE_EVENTS_LIMITS.daysBetweenRoundsMax}`,
  badLegs: 'Legs: 1 (single round robin) or 2 (home and away)',
  noFixtures: 'This season has no fixtures yet: import them first, or generate a round robin',
  fixtureWithoutChallengers:
    'The fixture has no home or away challenger: map its teams to challengers and import again',
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (value: string) => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const dryRun = z.boolean().default(false);

export const generateFromFixturesBody = z.object({ source: z.literal('fixtures'), dryRun }).strict();

export const generateRoundRobinBody = z
  .object({
    source: z.literal('roundRobin'),
    challengerIds: z
      .array(recordId)
      .min(2, schemaMessage(GENERATE_EVENTS_MESSAGES.twoChallengers))
      .max(GENERATE_EVENTS_LIMITS.challengersMax, schemaMessage(GENERATE_EVENTS_MESSAGES.tooManyChallengers))
      .refine((ids) => new Set(ids).size === ids.length, schemaMessage(GENERATE_EVENTS_MESSAGES.sameChallengerTwice)),
    firstDate: z
      .string()
      .regex(DATE, schemaMessage(GENERATE_EVENTS_MESSAGES.badDate))
      .refine(realDate, schemaMessage(GENERATE_EVENTS_MESSAGES.badDate)),
    daysBetweenRounds: z
      .number(schemaMessage(GENERATE_EVENTS_MESSAGES.badDays))
      .int(schemaMessage(GENERATE_EVENTS_MESSAGES.badDays))
      .min(1, schemaMessage(GENERATE_EVENTS_MESSAGES.badDays))
      .max(GENERATE_EVENTS_LIMITS.daysBetweenRoundsMax, schemaMessage(GENERATE_EVENTS_MESSAGES.badDays)),
    legs: z.union([z.literal(1), z.literal(2)], schemaMessage(GENERATE_EVENTS_MESSAGES.badLegs)),
    kickOffTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, schemaMessage(GENERATE_EVENTS_MESSAGES.badTime)),
    timeZone: z.string().max(64).refine(isTimeZone, schemaMessage(GENERATE_EVENTS_MESSAGES.badTimeZone)),
    dryRun,
  })
  .strict();

export const generateEventsBody = z.discriminatedUnion('source', [generateFromFixturesBody, generateRoundRobinBody]);
export type GenerateEventsBody = z.input<typeof generateEventsBody>;
export type GenerateRoundRobinBody = z.infer<typeof generateRoundRobinBody>;

export const GENERATE_ACTIONS = ['create', 'update', 'unchanged'] as const;
export type GenerateAction = (typeof GENERATE_ACTIONS)[number];

const challengerRef = z.object({ id: z.number(), name: z.string() }).nullable();

/** One fixture and what generating does to its event. */
export const generatedEventRow = z.object({
  fixtureId: z.number(),
  round: z.string().nullable(),
  home: challengerRef,
  away: challengerRef,
  startsAt: isoDateTime,
  venue: z.string(),
  action: z.enum(GENERATE_ACTIONS),
  /** The event, once made (null in a preview of an event still to create). */
  eventId: z.number().nullable(),
});
export type GeneratedEventRow = z.infer<typeof generatedEventRow>;

const counts = z.record(z.string(), z.number());
/** The contract's ImportReport (feeds.ts), counted per kind: 'round', 'fixture', 'event'. */
export const importReportSchema = z.object({
  created: counts,
  updated: counts,
  unchanged: counts,
  refused: z.array(z.object({ kind: z.string(), ref: z.string(), reason: z.string() })),
});

export const generateEventsResponse = z.object({
  dryRun: z.boolean(),
  rows: z.array(generatedEventRow),
  /** What was done (or, in a preview, what would be). */
  report: importReportSchema,
});
export type GenerateEventsResult = z.infer<typeof generateEventsResponse>;
