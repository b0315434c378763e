import { z } from 'zod';
import { MAIN_API } from './api.ts';
import type { Game } from './games.rules.ts';
import { PREDICTOR_DEFAULT_POINTS, TRIVIA_SCORING } from './games.scoring.ts';

/**
 * The account's settings of each fan game (spec §2 account/gamification: trivia, motm, predictor;
 * spec §7 trivia app-settings). One record per account and game, made with these defaults the
 * first time it is read. Each game's writers (role and module, spec §6) read and change it.
 *
 * DECISION (issue 13): the spec's second gateway (the man-of-the-match back-office, streaming and
 * payments) is this same server: its calls live under MAIN_API like every other call (see
 * SERVICES_API), so a deployment has one origin and one set of tokens.
 */
export const SERVICES_API = MAIN_API;

export { GAME_RULES, GAMES, type Game } from './games.rules.ts';

const minutes = z.number().int().min(0).max(1440);

/** Each game's settings: the fields (what a PUT may change, all present in an answer) and their defaults. */
export const triviaSettings = z.object({
  /** A new question's timer, in seconds. */
  defaultTimerSeconds: z.number().int().min(5).max(300),
  /** A new question's points. */
  defaultPoints: z.number().int().min(1).max(100_000),
  /** The streak bonus (games.scoring.ts) applies. */
  streakBonus: z.boolean(),
  /** Fans see the rankings in the player. */
  showRankingsToFans: z.boolean(),
  /** How many fans a public ranking shows. */
  rankingSize: z.number().int().min(3).max(500),
});

export const predictorSettings = z.object({
  exactScorePoints: z.number().int().min(0).max(100),
  rightResultPoints: z.number().int().min(0).max(100),
  /** Predictions close this many minutes before kick-off (0: at kick-off). */
  lockMinutesBeforeKickoff: minutes,
  /** Fans see how the others predicted once predictions are closed. */
  showTrendsToFans: z.boolean(),
});

export const motmSettings = z.object({
  /** Voting stays open this many minutes after the end of the match. */
  votingMinutesAfterEnd: minutes,
  /** Voting opens at kick-off (else at the end of the match). */
  openAtKickoff: z.boolean(),
  /** Fans see the results while voting is open. */
  showLiveResults: z.boolean(),
});

export const GAME_SETTINGS_SCHEMAS = {
  trivia: triviaSettings,
  predictor: predictorSettings,
  motm: motmSettings,
} as const;
export type GameSettings = { [G in Game]: z.output<(typeof GAME_SETTINGS_SCHEMAS)[G]> };

/** What an account has before changing anything. */
export const GAME_SETTINGS_DEFAULTS: GameSettings = {
  trivia: {
    defaultTimerSeconds: TRIVIA_SCORING.defaultTimerSeconds,
    defaultPoints: TRIVIA_SCORING.defaultPoints,
    streakBonus: true,
    showRankingsToFans: true,
    rankingSize: 50,
  },
  predictor: {
    exactScorePoints: PREDICTOR_DEFAULT_POINTS.exactScore,
    rightResultPoints: PREDICTOR_DEFAULT_POINTS.rightResult,
    lockMinutesBeforeKickoff: 0,
    showTrendsToFans: true,
  },
  motm: { votingMinutesAfterEnd: 30, openAtKickoff: false, showLiveResults: true },
};

/** A PUT's body: some of the fields (the others keep their value), nothing else. */
export const GAME_SETTINGS_UPDATES = {
  trivia: triviaSettings.partial().strict(),
  predictor: predictorSettings.partial().strict(),
  motm: motmSettings.partial().strict(),
} as const;

/** The field of a settings form: its kind and bounds, read from the schema. */
export type GameSettingField =
  | { name: string; kind: 'number'; min: number; max: number }
  | { name: string; kind: 'boolean' };

export function gameSettingFields(game: Game): GameSettingField[] {
  const shape: Readonly<Record<string, z.ZodType>> = GAME_SETTINGS_SCHEMAS[game].shape;
  return Object.entries(shape).map(([name, field]): GameSettingField => {
    if (field instanceof z.ZodNumber) {
      return { name, kind: 'number', min: field.minValue ?? 0, max: field.maxValue ?? Number.MAX_SAFE_INTEGER };
    }
    return { name, kind: 'boolean' };
  });
}

/**
 * GET → the settings; PUT (all fields, or some: the others keep their value) → the settings.
 * Trivia's is the spec's `trivia/app-settings`.
 */
export const gameSettingsPaths: Readonly<Record<Game, string>> = {
  trivia: `${SERVICES_API}/trivia/app-settings`,
  predictor: `${SERVICES_API}/predictor/settings`,
  motm: `${SERVICES_API}/motm/settings`,
};
