// Kept free of zod: the web's tabs import these values. The request and response schemas are in
// games.schemas.ts.
import { MAIN_API, pathParam } from './api.ts';
import { SERVICES_API } from './games.settings.ts';
import { messageCatalog } from './messages.ts';

/**
 * The predictor and man-of-the-match games of a sport event (issue 13, spec §7 "Predictor and motm
 * games", resources predictor games/sponsors/results/gifts, man-of-the-match games/sponsors/gifts).
 * DECISIONS:
 * - One game of each kind per event (`fan_games`, unique event + kind), made from the event's
 *   predictor or motm tab; the event must have activated the game's module (EVENT_TAB_MODULES).
 * - Predictor: a fan predicts the final score (home – away) and may change it until predictions
 *   lock: at kick-off (the event's start) minus the account's `lockMinutesBeforeKickoff`. The
 *   game keeps its own points (taken from the account's predictor settings when made, changeable);
 *   `POST predictor/results/calculate/{id}` stores the final score and sets every prediction's
 *   points with `scorePrediction` (games.scoring.ts): running it again gives the same points.
 * - MOTM: the candidates are the players of both teams: the event's challengers of type 'player'
 *   (home, away and its listed challengers; all of its players unless the game names some), never
 *   the clubs themselves (issue 46.5). Voting opens at kick-off or at the end of the match
 *   (`openAtKickoff`) and closes `votingMinutesAfterEnd` after the end, unless the game sets its
 *   own opening and closing times; "Open now" and "Close now" (motmOpenNowPath, motmCloseNowPath)
 *   set them to the present (openNowWindow, closeNowWindow). One vote per fan and game (a unique
 *   constraint), final.
 *   Each vote publishes the new results on the event's topic (`MOTM_EVENTS.results`).
 * - Contestants are the fans who played (predicted, voted); the export is CSV like the fans'
 *   export (UTF-8 BOM, formulas disarmed).
 * - Sponsors and gifts: a name, an image URL and a link; a gift rewards a range of ranks (in the
 *   predictor's ranking; in MOTM, the fans drawn by the club). Trivia quizzes have them too
 *   (spec §7 "trivia sponsors … gifts"), one table each for every owner (`prizePaths`): a gift of
 *   a quiz rewards ranks of the quiz's ranking; `gameId` in their answers is the quiz's id.
 * - Fans play on the public fan API (FAN_API, a fan token): a fan only sees their own account's
 *   games of published events (another account's, or an unpublished event's, is a 404), a blocked fan is refused (403); every prediction and vote
 *   is a fan activity ('prediction', 'motm_vote').
 */

export const GAME_KINDS = ['predictor', 'motm'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

export const GAME_LIMITS = {
  /** A predicted or final score, per side. */
  scoreMax: 99,
  sponsorsPerGame: 20,
  giftsPerGame: 20,
  nameMax: 120,
  urlMax: 2000,
  rankMax: 100_000,
  pageDefault: 50,
  pageMax: 200,
  /** Contestants read per statement by the export. */
  exportBatch: 5_000,
} as const;

const game = (kind: GameKind, id?: number | string) => `${SERVICES_API}/${kind}/games/${pathParam('id', id)}`;

/** Who has sponsors and gifts: a predictor or MOTM game, or a trivia quiz. */
export const PRIZE_OWNERS = [...GAME_KINDS, 'trivia'] as const;
export type PrizeOwner = (typeof PRIZE_OWNERS)[number];

/**
 * The sponsors and gifts calls of an owner: GET/POST on the game (or quiz), PUT/DELETE by id.
 * Games: /services-api/{kind}/games/{id}/sponsors; quizzes: /main-api/quizzes/{id}/sponsors and
 * /main-api/trivia/sponsors/{id} (the quizzes' other calls are on the main gateway).
 */
export function prizePaths(owner: PrizeOwner) {
  const ownerPath = (id?: number | string) =>
    owner === 'trivia' ? `${MAIN_API}/quizzes/${pathParam('id', id)}` : game(owner, id);
  const base = owner === 'trivia' ? `${MAIN_API}/trivia` : `${SERVICES_API}/${owner}`;
  return {
    /** GET, POST. */
    sponsors: (id?: number | string) => `${ownerPath(id)}/sponsors`,
    /** PUT, DELETE. */
    sponsor: (id?: number | string) => `${base}/sponsors/${pathParam('id', id)}`,
    gifts: (id?: number | string) => `${ownerPath(id)}/gifts`,
    gift: (id?: number | string) => `${base}/gifts/${pathParam('id', id)}`,
  };
}

/** The staff calls of one kind of game. */
export function gamePaths(kind: GameKind) {
  return {
    /** GET ?eventId= → the event's game in `data` (none or one); POST → a new game. */
    list: `${SERVICES_API}/${kind}/games`,
    /** GET, PUT, DELETE. */
    game: (id?: number | string) => game(kind, id),
    contestants: (id?: number | string) => `${game(kind, id)}/contestants`,
    contestantsCount: (id?: number | string) => `${game(kind, id)}/contestants/count`,
    contestantsExport: (id?: number | string) => `${game(kind, id)}/contestants/export`,
    ...prizePaths(kind),
  };
}

/** POST with the final score: scores every prediction (idempotent). */
export const predictorCalculatePath = (id?: number | string) =>
  `${SERVICES_API}/predictor/results/calculate/${pathParam('id', id)}`;
/**
 * POST (no body) → motmCalculated: once voting has closed, the result is final: the game stores
 * when it was calculated and the answer names the winner (several on a tie, none without votes);
 * 409 while voting is open. Running it again gives the same result, at a new time.
 */
export const motmCalculatePath = (id?: number | string) =>
  `${SERVICES_API}/motm/results/calculate/${pathParam('id', id)}`;
/** GET: each candidate's votes and share. */
export const motmResultsPath = (id?: number | string) => `${SERVICES_API}/motm/games/${pathParam('id', id)}/results`;

/** POST (no body) → the game, voting open from now (openNowWindow); 409 when it is already open. */
export const motmOpenNowPath = (id?: number | string) => `${SERVICES_API}/motm/games/${pathParam('id', id)}/open-now`;
/** POST (no body) → the game, voting closed from now; 409 when it is not open. */
export const motmCloseNowPath = (id?: number | string) => `${SERVICES_API}/motm/games/${pathParam('id', id)}/close-now`;

export { fanGamePaths } from './games.fan-paths.ts';

/** Realtime: on the event's topic (realtime.ts eventTopic), the MOTM results after each vote. */
export const MOTM_EVENTS = { results: 'motm.results' } as const;

export const PREDICTOR_EXPORT_COLUMNS = [
  'rank',
  'fanId',
  'nickname',
  'email',
  'home',
  'away',
  'points',
  'predictedAt',
] as const;
export const MOTM_EXPORT_COLUMNS = ['fanId', 'nickname', 'email', 'challengerId', 'challenger', 'votedAt'] as const;

/** When a prediction stops being accepted: kick-off minus the account's lock minutes. */
export function predictionsLockAt(startsAt: Date, lockMinutesBeforeKickoff: number): Date {
  return new Date(startsAt.getTime() - lockMinutesBeforeKickoff * 60_000);
}

export interface MotmWindow {
  opensAt: Date | null;
  closesAt: Date | null;
}

/**
 * The voting window: the game's own times when it set them, else from the account's settings:
 * opening at kick-off or at the end of the match, closing votingMinutesAfterEnd after the end.
 * An event without an end has no end-based time (voting then waits for the game's own).
 */
export function motmWindow(
  event: { startsAt: Date; endsAt: Date | null },
  own: MotmWindow,
  settings: { openAtKickoff: boolean; votingMinutesAfterEnd: number },
): MotmWindow {
  const end = event.endsAt;
  const opensAt = own.opensAt ?? (settings.openAtKickoff ? event.startsAt : end);
  const closesAt = own.closesAt ?? (end ? new Date(end.getTime() + settings.votingMinutesAfterEnd * 60_000) : null);
  return { opensAt, closesAt };
}

/** Voting is open from its opening (included) until its closing (excluded); no opening: closed. */
export function motmIsOpen(window: MotmWindow, now: Date): boolean {
  if (!window.opensAt || now < window.opensAt) return false;
  return !window.closesAt || now < window.closesAt;
}

/** The shortest voting "Open now" gives when the planned closing has passed. */
export const OPEN_NOW_MIN_MINUTES = 5;

/**
 * The game's own window after "Open now": open from `now` until the window's closing when that is
 * still ahead, else for the account's voting time (votingMinutesAfterEnd, at least
 * OPEN_NOW_MIN_MINUTES) from now. "Close now" ends it earlier.
 */
export function openNowWindow(inForce: MotmWindow, now: Date, votingMinutes: number): MotmWindow {
  const planned = inForce.closesAt && inForce.closesAt > now ? inForce.closesAt : null;
  const minutes = Math.max(votingMinutes, OPEN_NOW_MIN_MINUTES);
  return { opensAt: now, closesAt: planned ?? new Date(now.getTime() + minutes * 60_000) };
}

/** The game's own window after "Close now": it opened when it did, it closes at `now`. */
export function closeNowWindow(inForce: MotmWindow, now: Date): MotmWindow {
  return { opensAt: inForce.opensAt && inForce.opensAt <= now ? inForce.opensAt : now, closesAt: now };
}

export const GAMES_MESSAGES = messageCatalog('GAMES_MESSAGES', {
  gameNotFound: (id: number) => `Game ${id} not found`,
  sponsorNotFound: (id: number) => `Sponsor ${id} not found`,
  giftNotFound: (id: number) => `Gift ${id} not found`,
  noGameOnEvent: (eventId: number) => `Event ${eventId} has no game of this kind`,
  gameExists: 'This event already has this game',
  predictorInactive: 'The event has not activated the predictor (ADDON_PREDICTOR)',
  motmInactive: 'The event has not activated man of the match (ADDON_MOTM)',
  predictionsLocked: 'Predictions are closed: the match has kicked off',
  notLockedYet: 'Predictions are still open: calculate once they have locked at kick-off',
  voteStillOpen: 'Voting is still open: close it before calculating the man of the match',
  votingNotOpen: 'Voting is not open for this game',
  alreadyOpen: 'Voting is already open for this game',
  alreadyVoted: 'You have already voted in this game',
  notCandidate: (challengerId: number) => `Challenger ${challengerId} is not a candidate of this game`,
  notEventChallengers: (ids: readonly number[]) => `Not players of the event: ${ids.join(', ')}`,
  noCandidates: "The event lists no players to vote for: add both teams' players to its challengers first",
  rankOrder: 'The last rank must not be before the first',
  windowOrder: 'Voting must close after it opens',
  tooManySponsors: (max: number) => `A game has at most ${max} sponsors`,
  tooManyGifts: (max: number) => `A game has at most ${max} gifts`,
});
