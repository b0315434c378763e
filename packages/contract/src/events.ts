import { z } from 'zod';
import { MAIN_API, pathParam } from './api.ts';
import { messageCatalog } from './messages.ts';
import type { ModuleCode } from './modules.ts';
import { referenceId } from './resources/shapes.ts';

/**
 * Sport events beyond their plain fields (contract resources/events.ts): the edit screen's tabs
 * and which modules each needs, the challengers relationship call and the event's messages.
 */

export {
  EVENT_TAB_MODULES,
  type EventTabGate,
  eventTabGate,
  missingModules,
  SPORT_EVENT_TABS,
  type SportEventTab,
} from './events.tabs.ts';

/**
 * The modules an event may switch on (its settings tab offers those the account has), each with
 * a line saying what it brings (i18n `events.settings.module.<code>`). Geo blocking is not one:
 * the account's rule holds for every event, and an event changes it with its own rule (its
 * `geoBlocking` field, contract geo.ts), one control rather than a switch beside a rule.
 */
export const EVENT_MODULES = [
  'MARKERS',
  'STREAM_CLIPPING',
  'CHAT',
  'MULTICAM',
  'IMMERSIVE',
  'AWS_STREAM',
  'DVR',
  'ADDON_PREDICTOR',
  'ADDON_MOTM',
  'GRAPHICS',
  'ADVERTISING',
  'LIVE_STATS',
  'EMBED',
] as const satisfies readonly ModuleCode[];

/** An event has at most this many challengers (a race, a tournament's field). */
export const EVENT_CHALLENGERS_MAX = 100;

/**
 * PATCH /main-api/events/{id}/relationships/challengers (spec §7): the event's challengers, in
 * order, replacing the former list. `[]` removes them all.
 */
export const eventChallengersPath = (id?: number | string) =>
  `${MAIN_API}/events/${pathParam('id', id)}/relationships/challengers`;

export const EVENT_MESSAGES = messageCatalog('EVENT_MESSAGES', {
  endBeforeStart: 'The end must be after the start',
  sameChallenger: 'The home and away challengers must be different',
  seasonWithoutCompetition: 'Choose the competition before its season',
  seasonOfOtherCompetition: (seasonId: number, competitionId: number) =>
    `Season ${seasonId} does not belong to competition ${competitionId}`,
  roundWithoutSeason: 'Choose the season before its round',
  roundOfOtherSeason: (roundId: number, seasonId: number) => `Round ${roundId} does not belong to season ${seasonId}`,
  moduleNotInAccount: (modules: readonly string[]) =>
    `The account does not have the module${modules.length > 1 ? 's' : ''} ${modules.join(', ')}`,
  duplicateChallenger: (id: number) => `Challenger ${id} is listed twice`,
  unknownChallengers: (ids: readonly number[]) => `Unknown challengers: ${ids.join(', ')}`,
  markerTypeOfOtherSport: (type: string) =>
    `The marker type “${type}” belongs to another sport: choose one of the event’s sport`,
});

/**
 * The symbol of a marker type's icon in its sport's sprite (spec §3: the sprite is chosen by
 * sportId): `<sprite file's name>-<type code>`, e.g. `football-goal` in football.svg; null when
 * the type has no sport, no code, or its sport no sprite.
 */
export function markerSymbolId(
  spriteFilename: string | null | undefined,
  code: string | null | undefined,
): string | null {
  if (!spriteFilename || !code) return null;
  const sprite = spriteFilename.replace(/\.svg$/i, '').toLowerCase();
  return /^[a-z0-9-]+$/.test(sprite) && /^[a-z0-9-]+$/.test(code) ? `${sprite}-${code}` : null;
}

/**
 * Whether a marker type (of `typeSportId`; null: every sport) may mark an event of `eventSportId`
 * (null: no sport, every type): its sport's types and those of every sport. The editor offers
 * these keys only, and the server refuses the others (EVENT_MESSAGES.markerTypeOfOtherSport).
 */
export function markerTypeFitsSport(typeSportId: number | null, eventSportId: number | null): boolean {
  return eventSportId === null || typeSportId === null || typeSportId === eventSportId;
}

const challengerLink = z.object({ type: z.literal('Challenger'), id: referenceId }).strict();

export const eventChallengersBody = z.object({ data: z.array(challengerLink).max(EVENT_CHALLENGERS_MAX) }).strict();
export type EventChallengersBody = z.infer<typeof eventChallengersBody>;

/** The answer: the list as stored, in order. */
export const eventChallengersResponse = z.object({ data: z.array(challengerLink) });
