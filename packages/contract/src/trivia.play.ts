import { z } from 'zod';
import { MAIN_API, pathParam } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { FAN_API } from './fans.ts';
import { gift, sponsor } from './games.schemas.ts';
import { schemaMessage } from './messages.ts';
import { TRIVIA_PLAY_MESSAGES } from './trivia.ts';

export { TRIVIA_PLAY_MESSAGES };

/**
 * Fans playing trivia, and the rankings (issue 13; spec §7 "Trivia: quizzes/{id}/contestants/count
 * … rankings global, quizzes/{id}, weeks, months, each with /export, header x-account-key,
 * expand=[Contestant]"). DECISIONS:
 * - A fan plays a quiz once (a "play": the contestant). The fan API hands out one question at a
 *   time (`next`), noting when the server showed it; the answer's time is measured by the server
 *   from that moment, so a fan cannot claim to have been quick. A question not answered within its
 *   timer counts as missed (no points, the streak ends) when the fan asks for the next one.
 * - Points are games.scoring.ts `scoreTriviaAnswer`, written on each answer with the fan's streak.
 * - Rankings add up the plays' scores per fan: global (every quiz of the account), per quiz, per
 *   week (ISO week, Monday 00:00 UTC) and per month (calendar month, UTC), a play counting in the
 *   period it started in. Ties share a rank (1, 2, 2, 4), ordered as games.scoring.ts
 *   `compareRanked`: less time answering, then the earlier finish.
 * - The account is the request's (the x-account-key header every back-office call sends, or the
 *   simulated account of an admin).
 */

export const RANKING_LIMITS = { pageDefault: 25, pageMax: 100, exportBatch: 5_000 } as const;
export const RANKING_KINDS = ['global', 'week', 'month'] as const;
export type RankingKind = (typeof RANKING_KINDS)[number];

const DAY_MS = 86_400_000;

/** The ISO week (Monday 00:00 UTC) or calendar month (UTC) holding `day` (YYYY-MM-DD, default today). */
export function periodOf(
  kind: Exclude<RankingKind, 'global'>,
  day: string | undefined,
  today = new Date(),
): { from: Date; to: Date } {
  const date = day
    ? new Date(`${day}T00:00:00Z`)
    : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (kind === 'month') {
    return {
      from: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)),
      to: new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)),
    };
  }
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  const from = new Date(date.getTime() - sinceMonday * DAY_MS);
  return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
}

/** The day `days` after `day` (YYYY-MM-DD, UTC): the rankings screen's previous and next period. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day `months` months after `day`'s month's first day (YYYY-MM-DD, UTC). */
export function shiftMonth(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
}

const ranking = (segment: string) => `${MAIN_API}/rankings/${segment}`;
export const rankingPaths = {
  global: ranking('global'),
  quiz: (id?: number | string) => ranking(`quizzes/${pathParam('id', id)}`),
  week: ranking('weeks'),
  month: ranking('months'),
  /** Each ranking's CSV: the same query without paging. */
  export: (path: string) => `${path}/export`,
  /** GET → {count}: the fans who played the quiz. */
  contestantsCount: (id?: number | string) => `${MAIN_API}/quizzes/${pathParam('id', id)}/contestants/count`,
} as const;

/**
 * The rankings screens' realtime topic (issue 28.5): after fans' answers, `TRIVIA_EVENTS.rankings`
 * `{ quizId }` says the rankings changed, and the screens read their page again; answers are
 * gathered `TRIVIA_RANKINGS_PUSH_MS` per quiz first, so a burst at the final question is one
 * event, not one per answer. Under `/admin/**`, which every signed-in screen follows.
 */
export const TRIVIA_TOPIC = '/admin/trivia';
export const TRIVIA_EVENTS = { rankings: 'trivia.rankings' } as const;
export const TRIVIA_RANKINGS_PUSH_MS = 500;
export const triviaRankingsEvent = z.object({ quizId: z.number() });

/** The path of a period ranking by kind (the rankings screen's switch). */
export const RANKING_PATH_BY_KIND: Readonly<Record<RankingKind, string>> = {
  global: rankingPaths.global,
  week: rankingPaths.week,
  month: rankingPaths.month,
};

export const triviaFanPaths = {
  /** GET → {data: open quizzes}: the account's published quizzes open now, with the fan's progress. */
  quizzes: `${FAN_API}/trivia/quizzes`,
  /** POST → the question to answer now (shown from now on), or the fan's result once all are done. */
  next: (id?: number | string) => `${FAN_API}/trivia/quizzes/${pathParam('id', id)}/next`,
  /** POST triviaAnswerBody → the answer's result. */
  answers: (id?: number | string) => `${FAN_API}/trivia/quizzes/${pathParam('id', id)}/answers`,
} as const;

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, schemaMessage(TRIVIA_PLAY_MESSAGES.badDate))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), schemaMessage(TRIVIA_PLAY_MESSAGES.badDate));

export const rankingQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(RANKING_LIMITS.pageMax).default(RANKING_LIMITS.pageDefault),
    offset: z.coerce.number().int().min(0).default(0),
    /** expand=[Contestant]: each row carries the fan's name and email. */
    expand: z.union([z.string(), z.array(z.string())]).optional(),
    /** Weeks and months: a day of the period (default today, UTC). */
    date: date.optional(),
  })
  .strict();
export type RankingQuery = z.input<typeof rankingQuery>;
export const rankingExportQuery = rankingQuery.omit({ limit: true, offset: true });

export const contestant = z.object({
  id: z.number(),
  nickname: z.string().nullable(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type Contestant = z.infer<typeof contestant>;

export const rankingRow = z.object({
  rank: z.number(),
  fanId: z.number(),
  score: z.number(),
  /** Quizzes played in the ranking's scope. */
  quizzes: z.number(),
  correct: z.number(),
  answeringMs: z.number(),
  finishedAt: isoDateTime,
  Contestant: contestant.optional(),
});
export type RankingRow = z.infer<typeof rankingRow>;

export const rankingResponse = z.object({
  data: z.array(rankingRow),
  /** Fans ranked, all pages together. */
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
  /** Weeks and months: the period ranked, [from, to). */
  period: z.object({ from: isoDateTime, to: isoDateTime }).nullable(),
});
export type RankingResponse = z.infer<typeof rankingResponse>;

/** The export's columns, in order (the CSV header). */
export const RANKING_EXPORT_COLUMNS = [
  'rank',
  'fanId',
  'nickname',
  'email',
  'firstName',
  'lastName',
  'score',
  'quizzes',
  'correct',
  'answeringSeconds',
] as const;

export const contestantsCountResponse = z.object({ count: z.number() });

// ————— The fan side —————

export const fanQuiz = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** An image key, shown at IMAGES_PATH/{key} (contract uploads.ts), like the questions' images. */
  image: z.string().nullable(),
  endsAt: isoDateTime,
  questions: z.number(),
  /** The names of the quiz's tags, by name. */
  tags: z.array(z.string()),
  sponsors: z.array(sponsor),
  /** What the quiz's ranking wins, by rank. */
  gifts: z.array(gift),
  /** The fan's progress: questions done (answered or missed) and score; null before they start. */
  play: z.object({ done: z.number(), score: z.number(), finished: z.boolean() }).nullable(),
});
export const fanQuizzesResponse = z.object({ data: z.array(fanQuiz) });
export type FanQuiz = z.infer<typeof fanQuiz>;

export const fanQuestion = z.object({
  done: z.literal(false),
  question: z.object({
    id: z.number(),
    text: z.string(),
    image: z.string().nullable(),
    timerSeconds: z.number(),
    points: z.number(),
    /** 0-based, of `total`. */
    index: z.number(),
    total: z.number(),
    answers: z.array(z.object({ id: z.number(), text: z.string() })),
  }),
  /** When the timer runs out (ISO, the server's clock). */
  deadline: z.string(),
});
export const fanQuizResult = z.object({
  done: z.literal(true),
  score: z.number(),
  correct: z.number(),
  questions: z.number(),
  /** The fan's rank in the quiz's ranking now. */
  rank: z.number(),
  contestants: z.number(),
});
export const fanNextResponse = z.discriminatedUnion('done', [fanQuestion, fanQuizResult]);
export type FanNextResponse = z.infer<typeof fanNextResponse>;

export const triviaAnswerBody = z
  .object({ questionId: z.number().int().positive(), answerId: z.number().int().positive() })
  .strict();
export type TriviaAnswerBody = z.infer<typeof triviaAnswerBody>;
export const triviaAnswerResponse = z.object({
  correct: z.boolean(),
  points: z.number(),
  /** Correct answers in a row, this one included. */
  streak: z.number(),
  /** The fan's quiz score so far. */
  score: z.number(),
  /** Answered after the timer: no points. */
  late: z.boolean(),
  correctAnswerIds: z.array(z.number()),
});
export type TriviaAnswerResponse = z.infer<typeof triviaAnswerResponse>;
