import { describe, expect, it } from 'vitest';
import {
  compareRanked,
  motmResults,
  PREDICTOR_DEFAULT_POINTS,
  ranksOf,
  scorePrediction,
  scoreTriviaAnswer,
  scoreTriviaQuiz,
} from './games.scoring.ts';

const q = (correct: boolean, elapsedMs: number | null, timerSeconds = 20, points = 1000) => ({
  correct,
  elapsedMs,
  timerSeconds,
  points,
});

describe('trivia: one answer', () => {
  it.each([
    ['at once', q(true, 0), 0, 1000, 1],
    ['half way', q(true, 10_000), 0, 750, 1],
    ['at the last moment', q(true, 20_000), 0, 500, 1],
    ['after the timer', q(true, 20_001), 3, 0, 0],
    ['wrong', q(false, 1000), 3, 0, 0],
    ['no answer', q(true, null), 3, 0, 0],
    ['second in a row (+10 %)', q(true, 0), 1, 1100, 2],
    ['sixth in a row (+50 %, the cap)', q(true, 0), 5, 1500, 6],
    ['tenth in a row (still +50 %)', q(true, 0), 9, 1500, 10],
    ['a 500-point question half way', q(true, 5000, 10, 500), 0, 375, 1],
  ])('%s', (_, answer, streakBefore, points, streak) => {
    expect(scoreTriviaAnswer(answer, streakBefore)).toEqual({ points, streak });
  });
});

describe('trivia: a quiz', () => {
  it('adds the answers, the streak broken by a miss', () => {
    const answers = [q(true, 0), q(true, 0), q(false, 2000), q(true, 0), q(true, 20_000)];
    // 1000 + 1100 + 0 + 1000 + 500 × 1.1
    expect(scoreTriviaQuiz(answers)).toEqual({ score: 3650, answeringMs: 22_000 });
  });

  it('counts an unanswered question as the whole timer', () => {
    expect(scoreTriviaQuiz([q(true, null, 15)])).toEqual({ score: 0, answeringMs: 15_000 });
  });
});

describe('rankings', () => {
  it('orders by score, then less time answering, then the earlier finish; ties share a rank', () => {
    const entries = [
      { score: 900, answeringMs: 5000, finishedAt: 3 },
      { score: 1200, answeringMs: 9000, finishedAt: 2 },
      { score: 900, answeringMs: 4000, finishedAt: 9 },
      { score: 900, answeringMs: 5000, finishedAt: 3 },
      { score: 100, answeringMs: 1, finishedAt: 1 },
    ];
    const sorted = [...entries].sort(compareRanked);
    expect(sorted.map((entry) => entry.score)).toEqual([1200, 900, 900, 900, 100]);
    expect(sorted[1]?.answeringMs).toBe(4000);
    expect(ranksOf(sorted)).toEqual([1, 2, 3, 3, 5]);
  });
});

describe('predictor', () => {
  it.each([
    ['exact score', { home: 2, away: 1 }, { home: 2, away: 1 }, 3],
    ['right winner', { home: 3, away: 0 }, { home: 2, away: 1 }, 1],
    ['right draw', { home: 0, away: 0 }, { home: 2, away: 2 }, 1],
    ['exact draw', { home: 1, away: 1 }, { home: 1, away: 1 }, 3],
    ['wrong winner', { home: 0, away: 1 }, { home: 2, away: 1 }, 0],
    ['draw predicted, away won', { home: 1, away: 1 }, { home: 0, away: 1 }, 0],
  ])('%s', (_, prediction, final, points) => {
    expect(scorePrediction(prediction, final)).toBe(points);
  });

  it('takes the game’s own points', () => {
    expect(PREDICTOR_DEFAULT_POINTS).toEqual({ exactScore: 3, rightResult: 1 });
    expect(scorePrediction({ home: 2, away: 1 }, { home: 2, away: 1 }, { exactScore: 5, rightResult: 2 })).toBe(5);
    expect(scorePrediction({ home: 4, away: 1 }, { home: 2, away: 1 }, { exactScore: 5, rightResult: 2 })).toBe(2);
  });
});

describe('man of the match results', () => {
  it('shares that add up to 100, most votes first', () => {
    const results = motmResults(
      new Map([
        [7, 1],
        [3, 1],
        [9, 1],
      ]),
    );
    expect(results.map((row) => row.candidateId)).toEqual([3, 7, 9]);
    expect(results.map((row) => row.percent)).toEqual([34, 33, 33]);
    expect(
      motmResults(
        new Map([
          [1, 2],
          [2, 6],
        ]),
      ),
    ).toEqual([
      { candidateId: 2, votes: 6, percent: 75 },
      { candidateId: 1, votes: 2, percent: 25 },
    ]);
  });

  it('is all zero before anyone voted', () => {
    expect(motmResults(new Map([[1, 0]]))).toEqual([{ candidateId: 1, votes: 0, percent: 0 }]);
  });
});
