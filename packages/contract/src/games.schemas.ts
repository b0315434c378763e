import { z } from 'zod';
import { isoDateTime } from './datetime.ts';
import { GAME_LIMITS, GAMES_MESSAGES } from './games.ts';
import { schemaMessage } from './messages.ts';
import { referenceId } from './resources/shapes.ts';

/** Request and response schemas of the predictor and MOTM calls (contract games.ts). */

const isoDate = z.iso.datetime({ offset: true });
const points = z.number().int().min(0).max(100);
const goals = z.number().int().min(0).max(GAME_LIMITS.scoreMax);
const url = z.url({ protocol: /^https?$/ }).max(GAME_LIMITS.urlMax);
const name = z.string().trim().min(1).max(GAME_LIMITS.nameMax);
const rank = z.number().int().min(1).max(GAME_LIMITS.rankMax);

export const gameIdParams = z.object({ id: z.coerce.number().int().positive() });
export const eventGameQuery = z.object({ eventId: z.coerce.number().int().positive() }).strict();
export const fanEventParams = z.object({ eventId: z.coerce.number().int().positive() });
export const fanGameParams = z.object({ gameId: z.coerce.number().int().positive() });

export const score = z.object({ home: goals, away: goals }).strict();
export type ScoreBody = z.infer<typeof score>;

// ---- predictor ----

export const predictorGame = z.object({
  id: z.number(),
  eventId: z.number(),
  exactScorePoints: z.number(),
  rightResultPoints: z.number(),
  /** Predictions are refused from then on. */
  locksAt: isoDateTime,
  locked: z.boolean(),
  finalScore: z.object({ home: z.number(), away: z.number() }).nullable(),
  calculatedAt: isoDateTime.nullable(),
  predictions: z.number(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PredictorGame = z.infer<typeof predictorGame>;

export const predictorGameCreateBody = z
  .object({ eventId: referenceId, exactScorePoints: points.optional(), rightResultPoints: points.optional() })
  .strict();
export const predictorGameUpdateBody = z
  .object({ exactScorePoints: points, rightResultPoints: points })
  .partial()
  .strict();

export const predictorContestant = z.object({
  fanId: z.number(),
  nickname: z.string(),
  email: z.string(),
  home: z.number(),
  away: z.number(),
  /** Null until the game is calculated. */
  points: z.number().nullable(),
  rank: z.number().nullable(),
  predictedAt: isoDateTime,
});
export type PredictorContestant = z.infer<typeof predictorContestant>;

export const calculateResponse = z.object({
  game: predictorGame,
  /** The predictions scored, and how many got the exact score, the right result, nothing. */
  scored: z.number(),
  exact: z.number(),
  rightResult: z.number(),
  missed: z.number(),
});
export type CalculateResponse = z.infer<typeof calculateResponse>;

// ---- man of the match ----

export const motmCandidate = z.object({ challengerId: z.number(), name: z.string(), picture: z.string().nullable() });
export type MotmCandidate = z.infer<typeof motmCandidate>;

export const motmResult = z.object({ challengerId: z.number(), votes: z.number(), percent: z.number() });
export const motmResults = z.object({ gameId: z.number(), total: z.number(), results: z.array(motmResult) });
export type MotmResults = z.infer<typeof motmResults>;

/** POST motm/results/calculate/{id}: the final result, its winners (most votes; none without votes). */
export const motmCalculated = motmResults.extend({
  winners: z.array(z.number()),
  calculatedAt: isoDateTime,
});
export type MotmCalculated = z.infer<typeof motmCalculated>;

export const motmGame = z.object({
  id: z.number(),
  eventId: z.number(),
  /** The game's own times (null: from the account's settings). */
  opensAt: isoDateTime.nullable(),
  closesAt: isoDateTime.nullable(),
  /** The window in force. */
  window: z.object({ opensAt: isoDateTime.nullable(), closesAt: isoDateTime.nullable(), open: z.boolean() }),
  candidates: z.array(motmCandidate),
  /** The event's challengers (home, away, listed): who may be made a candidate. */
  eligible: z.array(motmCandidate),
  votes: z.number(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type MotmGame = z.infer<typeof motmGame>;

const windowOrder = (value: { opensAt?: string | null | undefined; closesAt?: string | null | undefined }) =>
  !value.opensAt || !value.closesAt || Date.parse(value.closesAt) > Date.parse(value.opensAt);

const motmFields = {
  opensAt: isoDate.nullable(),
  closesAt: isoDate.nullable(),
  /** Challengers of the event, in order; absent or empty: all of the event's. */
  candidateIds: z.array(referenceId).max(100),
};
export const motmGameCreateBody = z
  .object({ eventId: referenceId, ...motmFields })
  .partial({ opensAt: true, closesAt: true, candidateIds: true })
  .strict()
  .refine(windowOrder, { path: ['closesAt'], message: schemaMessage(GAMES_MESSAGES.windowOrder) });
export const motmGameUpdateBody = z
  .object(motmFields)
  .partial()
  .strict()
  .refine(windowOrder, { path: ['closesAt'], message: schemaMessage(GAMES_MESSAGES.windowOrder) });

export const motmContestant = z.object({
  fanId: z.number(),
  nickname: z.string(),
  email: z.string(),
  challengerId: z.number(),
  challenger: z.string(),
  votedAt: isoDateTime,
});
export type MotmContestant = z.infer<typeof motmContestant>;

// ---- both ----

export const contestantsQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(GAME_LIMITS.pageMax).default(GAME_LIMITS.pageDefault),
  })
  .strict();
export const countResponse = z.object({ count: z.number() });

export const sponsor = z.object({
  id: z.number(),
  /** The game's id, or the quiz's for a trivia sponsor or gift (contract games.ts prizePaths). */
  gameId: z.number(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
});
export type Sponsor = z.infer<typeof sponsor>;
export const sponsorBody = z
  .object({ name, imageUrl: url.nullable().default(null), link: url.nullable().default(null) })
  .strict();
export const sponsorUpdateBody = z.object({ name, imageUrl: url.nullable(), link: url.nullable() }).partial().strict();
export type SponsorBody = z.input<typeof sponsorBody>;

export const gift = sponsor.extend({ rankFrom: z.number(), rankTo: z.number() });
export type Gift = z.infer<typeof gift>;
const rankOrder = (value: { rankFrom?: number | undefined; rankTo?: number | undefined }) =>
  value.rankFrom === undefined || value.rankTo === undefined || value.rankTo >= value.rankFrom;
export const giftBody = z
  .object({
    name,
    imageUrl: url.nullable().default(null),
    link: url.nullable().default(null),
    rankFrom: rank,
    rankTo: rank,
  })
  .strict()
  .refine(rankOrder, { path: ['rankTo'], message: schemaMessage(GAMES_MESSAGES.rankOrder) });
export const giftUpdateBody = z
  .object({ name, imageUrl: url.nullable(), link: url.nullable(), rankFrom: rank, rankTo: rank })
  .partial()
  .strict()
  .refine(rankOrder, { path: ['rankTo'], message: schemaMessage(GAMES_MESSAGES.rankOrder) });
export type GiftBody = z.input<typeof giftBody>;

export const sponsorsResponse = z.object({ data: z.array(sponsor) });
export const giftsResponse = z.object({ data: z.array(gift) });

// ---- the fan side ----

export const fanPredictorGame = z.object({
  id: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  home: z.string().nullable(),
  away: z.string().nullable(),
  locksAt: isoDateTime,
  open: z.boolean(),
  exactScorePoints: z.number(),
  rightResultPoints: z.number(),
  finalScore: z.object({ home: z.number(), away: z.number() }).nullable(),
  prediction: z.object({ home: z.number(), away: z.number(), points: z.number().nullable() }).nullable(),
  sponsors: z.array(sponsor),
  gifts: z.array(gift),
});
export type FanPredictorGame = z.infer<typeof fanPredictorGame>;

export const fanPrediction = z.object({ gameId: z.number(), home: z.number(), away: z.number() });

export const fanMotmGame = z.object({
  id: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  opensAt: isoDateTime.nullable(),
  closesAt: isoDateTime.nullable(),
  open: z.boolean(),
  candidates: z.array(motmCandidate),
  /** The fan's vote (the challenger's id), if any. */
  vote: z.number().nullable(),
  /** Shown while voting is open when the account shows live results, and once it closed. */
  results: motmResults.nullable(),
  sponsors: z.array(sponsor),
  gifts: z.array(gift),
});
export type FanMotmGame = z.infer<typeof fanMotmGame>;

export const fanVoteBody = z.object({ challengerId: referenceId }).strict();
export const fanVote = z.object({ gameId: z.number(), challengerId: z.number() });
