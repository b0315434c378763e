/**
 * How fan games are scored (issue 13), written once: the server scores with these functions and
 * the web explains them with the same constants. Pure; unit-tested from tables in
 * games.scoring.test.ts.
 */

// ————— Trivia —————

/**
 * DECISION: a correct answer earns its question's points scaled by speed: the full points when
 * answered at once, half of them at the last moment of the timer (linear between). Each correct
 * answer in a row after the first adds TRIVIA_SCORING.streakStep of the earned points, up to
 * TRIVIA_SCORING.streakCap. A wrong answer, no answer or an answer after the timer earns nothing
 * and ends the streak. Rankings add up quiz scores; ties go to the fan who took less time over
 * their answers, then to the one who finished first.
 */
export const TRIVIA_SCORING = {
  /** Points of a question unless it says otherwise. */
  defaultPoints: 1000,
  /** Seconds to answer unless the question says otherwise. */
  defaultTimerSeconds: 20,
  /** Share of the points kept by an answer given at the very end of the timer. */
  slowestShare: 0.5,
  /** Bonus per correct answer in a row after the first (10 %). */
  streakStep: 0.1,
  /** Largest streak bonus (50 %). */
  streakCap: 0.5,
} as const;

export interface TriviaAnswerToScore {
  correct: boolean;
  /** Time taken to answer, in milliseconds; null when the fan did not answer. */
  elapsedMs: number | null;
  /** The question's timer in seconds. */
  timerSeconds: number;
  /** The question's points. */
  points: number;
}

export interface ScoredTriviaAnswer {
  points: number;
  /** Correct answers in a row, this one included (0 after a miss). */
  streak: number;
}

/** The points of one answer given the streak before it. */
export function scoreTriviaAnswer(answer: TriviaAnswerToScore, streakBefore: number): ScoredTriviaAnswer {
  const timerMs = answer.timerSeconds * 1000;
  if (!answer.correct || answer.elapsedMs === null || answer.elapsedMs < 0 || answer.elapsedMs > timerMs) {
    return { points: 0, streak: 0 };
  }
  const speed = timerMs === 0 ? 1 : 1 - answer.elapsedMs / timerMs;
  const share = TRIVIA_SCORING.slowestShare + (1 - TRIVIA_SCORING.slowestShare) * speed;
  const streak = streakBefore + 1;
  const bonus = Math.min(TRIVIA_SCORING.streakCap, TRIVIA_SCORING.streakStep * (streak - 1));
  return { points: Math.round(answer.points * share * (1 + bonus)), streak };
}

/** A fan's quiz: the answers in question order → the score and the time spent answering. */
export function scoreTriviaQuiz(answers: readonly TriviaAnswerToScore[]): { score: number; answeringMs: number } {
  let streak = 0;
  let score = 0;
  let answeringMs = 0;
  for (const answer of answers) {
    const scored = scoreTriviaAnswer(answer, streak);
    streak = scored.streak;
    score += scored.points;
    answeringMs += Math.min(answer.elapsedMs ?? answer.timerSeconds * 1000, answer.timerSeconds * 1000);
  }
  return { score, answeringMs };
}

export interface RankedEntry {
  score: number;
  answeringMs: number;
  /** When the fan's last counted answer came (epoch ms): the earlier ranks first on a tie. */
  finishedAt: number;
}

/** Ranking order: the higher score, then the less time answering, then the earlier finish. */
export function compareRanked(a: RankedEntry, b: RankedEntry): number {
  return b.score - a.score || a.answeringMs - b.answeringMs || a.finishedAt - b.finishedAt;
}

/** Ranks (1-based, equal entries share a rank: 1, 2, 2, 4) of entries already sorted by compareRanked. */
export function ranksOf(sorted: readonly RankedEntry[]): number[] {
  return sorted.map((entry, index) => {
    let first = index;
    while (first > 0) {
      const previous = sorted[first - 1];
      if (!previous || compareRanked(previous, entry) !== 0) break;
      first -= 1;
    }
    return first + 1;
  });
}

// ————— Predictor —————

/** DECISION (issue 13): the spec's defaults, each game may set its own. */
export const PREDICTOR_DEFAULT_POINTS = { exactScore: 3, rightResult: 1 } as const;
export interface PredictorPoints {
  exactScore: number;
  rightResult: number;
}

export interface Score {
  home: number;
  away: number;
}

function resultOf(score: Score): 'home' | 'draw' | 'away' {
  if (score.home > score.away) return 'home';
  return score.home < score.away ? 'away' : 'draw';
}

/** Points of a prediction once the match is over: the exact score, else the right result, else 0. */
export function scorePrediction(
  prediction: Score,
  final: Score,
  points: PredictorPoints = PREDICTOR_DEFAULT_POINTS,
): number {
  if (prediction.home === final.home && prediction.away === final.away) return points.exactScore;
  return resultOf(prediction) === resultOf(final) ? points.rightResult : 0;
}

// ————— Man of the match —————

/** Each candidate's votes and share (whole percents that add up to 100 when anyone voted). */
export function motmResults(
  votes: ReadonlyMap<number, number>,
): { candidateId: number; votes: number; percent: number }[] {
  const total = [...votes.values()].reduce((sum, count) => sum + count, 0);
  const rows = [...votes.entries()]
    .map(([candidateId, count]) => ({ candidateId, votes: count, exact: total === 0 ? 0 : (100 * count) / total }))
    .sort((a, b) => b.votes - a.votes || a.candidateId - b.candidateId);
  // Largest remainders: the shown percents add up to 100.
  const floors = rows.map((row) => Math.floor(row.exact));
  let left = total === 0 ? 0 : 100 - floors.reduce((sum, value) => sum + value, 0);
  const order = rows
    .map((row, index) => ({ index, remainder: row.exact - Math.floor(row.exact) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return rows.map((row, index) => ({ candidateId: row.candidateId, votes: row.votes, percent: floors[index] ?? 0 }));
}
