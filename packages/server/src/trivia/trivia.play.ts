import { scoreTriviaAnswer } from '@regie/contract/games.scoring';
import {
  type FanNextResponse,
  type FanQuiz,
  TRIVIA_PLAY_MESSAGES,
  type TriviaAnswerBody,
  type TriviaAnswerResponse,
} from '@regie/contract/trivia.play';
import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { tags } from '../db/tags.table.ts';
import { type Transaction, transaction } from '../db/transactions.ts';
import { quizAnswers, quizQuestions, quizTags, quizzes, triviaPlays, triviaResponses } from '../db/trivia.table.ts';
import { type FanRef, recordActivity } from '../fans/fans.activities.ts';
import { prizesOfQuizzes } from '../games/prizes.routes.ts';
import { badRequest, HttpError, notFound } from '../http/http.errors.ts';
import { quizRankOf } from './trivia.rankings.ts';

/**
 * Fans playing a quiz through the fan API (contract trivia.play.ts): one question at a time, timed
 * by the server from the moment it showed it, scored with games.scoring.ts as each answer comes.
 * Every step runs in a transaction with the fan's play locked, so two calls at once (a double tap,
 * two tabs) apply one after the other.
 */

type Quiz = typeof quizzes.$inferSelect;
type Play = typeof triviaPlays.$inferSelect;
type Question = typeof quizQuestions.$inferSelect;

/** The account's published quiz, open at `now` (404 for another account's or an unpublished one). */
async function openQuiz(db: Db, fan: FanRef, quizId: number, now: Date): Promise<Quiz> {
  const [quiz] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.accountId, fan.accountId), eq(quizzes.published, true)))
    .limit(1);
  if (!quiz) throw notFound(TRIVIA_PLAY_MESSAGES.quizNotFound(quizId));
  if (now < quiz.startsAt) throw new HttpError(409, TRIVIA_PLAY_MESSAGES.notOpenYet);
  if (now >= quiz.endsAt) throw new HttpError(409, TRIVIA_PLAY_MESSAGES.closed);
  return quiz;
}

/** The published quizzes a fan may play now, with their progress. */
export async function openQuizzes(db: Db, fan: FanRef, now = new Date()): Promise<{ data: FanQuiz[] }> {
  const rows = await db
    .select({
      id: quizzes.id,
      name: quizzes.name,
      description: quizzes.description,
      image: quizzes.image,
      endsAt: quizzes.endsAt,
      questions: sql<number>`(select count(*)::int from ${quizQuestions} where ${quizQuestions.quizId} = ${quizzes.id})`,
      done: triviaPlays.done,
      score: triviaPlays.score,
      finishedAt: triviaPlays.finishedAt,
    })
    .from(quizzes)
    .leftJoin(triviaPlays, and(eq(triviaPlays.quizId, quizzes.id), eq(triviaPlays.fanId, fan.fanId)))
    .where(
      and(
        eq(quizzes.accountId, fan.accountId),
        eq(quizzes.published, true),
        lte(quizzes.startsAt, now),
        gt(quizzes.endsAt, now),
      ),
    )
    .orderBy(asc(quizzes.endsAt), asc(quizzes.id));
  const ids = rows.map((row) => row.id);
  const [tagRows, prizes] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ quizId: quizTags.quizId, name: tags.name })
          .from(quizTags)
          .innerJoin(tags, eq(tags.id, quizTags.tagId))
          .where(inArray(quizTags.quizId, ids))
          .orderBy(asc(tags.name)),
    prizesOfQuizzes(db, ids),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      image: row.image,
      endsAt: row.endsAt.toISOString(),
      questions: Number(row.questions),
      tags: tagRows.filter((tag) => tag.quizId === row.id).map((tag) => tag.name),
      sponsors: prizes.get(row.id)?.sponsors ?? [],
      gifts: prizes.get(row.id)?.gifts ?? [],
      play: row.done === null ? null : { done: row.done, score: row.score ?? 0, finished: row.finishedAt !== null },
    })),
  };
}

/** The fan's play of the quiz, made on first use, locked for the rest of the transaction. */
async function lockedPlay(tx: Transaction, fan: FanRef, quizId: number, now: Date): Promise<Play> {
  await tx
    .insert(triviaPlays)
    .values({ quizId, fanId: fan.fanId, accountId: fan.accountId, startedAt: now })
    .onConflictDoNothing({ target: [triviaPlays.quizId, triviaPlays.fanId] });
  const [play] = await tx
    .select()
    .from(triviaPlays)
    .where(and(eq(triviaPlays.quizId, quizId), eq(triviaPlays.fanId, fan.fanId)))
    .for('update');
  if (!play) throw new Error(`The trivia play of fan ${fan.fanId} on quiz ${quizId} vanished`);
  return play;
}

async function questionsOf(tx: Transaction, quizId: number): Promise<Question[]> {
  return tx
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
}

function deadlineOf(shownAt: Date, question: Question): Date {
  return new Date(shownAt.getTime() + question.timerSeconds * 1000);
}

/** Counts an answer (or a miss: `answer` null) on the response and the play's totals. */
async function settle(
  tx: Transaction,
  play: Play,
  response: { id: number; shownAt: Date },
  question: Question,
  answer: { id: number; correct: boolean } | null,
  now: Date,
): Promise<{ points: number; streak: number; correct: boolean; late: boolean }> {
  const elapsedMs = now.getTime() - response.shownAt.getTime();
  const timerMs = question.timerSeconds * 1000;
  const late = elapsedMs > timerMs;
  const correct = answer?.correct ?? false;
  const scored = scoreTriviaAnswer(
    { correct, elapsedMs: answer ? elapsedMs : null, timerSeconds: question.timerSeconds, points: question.points },
    play.streak,
  );
  // Settled once: the write itself says whether it did (the play's row lock already orders a
  // fan's answers; a second answer to the question finds it settled and counts nothing).
  const settled = await tx
    .update(triviaResponses)
    .set({
      answerId: answer?.id ?? null,
      settledAt: now,
      elapsedMs: answer ? elapsedMs : null,
      correct,
      points: scored.points,
    })
    .where(and(eq(triviaResponses.id, response.id), isNull(triviaResponses.settledAt)))
    .returning({ id: triviaResponses.id });
  if (settled.length === 0) throw new HttpError(409, TRIVIA_PLAY_MESSAGES.alreadyAnswered);
  const answeredAt = answer ? now : deadlineOf(response.shownAt, question);
  await tx
    .update(triviaPlays)
    .set({
      score: sql`${triviaPlays.score} + ${scored.points}`,
      streak: scored.streak,
      done: sql`${triviaPlays.done} + 1`,
      correct: sql`${triviaPlays.correct} + ${scored.points > 0 ? 1 : 0}`,
      answeringMs: sql`${triviaPlays.answeringMs} + ${Math.min(Math.max(elapsedMs, 0), timerMs)}`,
      lastAnsweredAt: answeredAt,
    })
    .where(eq(triviaPlays.id, play.id));
  play.streak = scored.streak;
  play.score += scored.points;
  return { points: scored.points, streak: scored.streak, correct, late: answer !== null && late };
}

/**
 * POST next: the question shown and not yet answered while its timer runs (the same deadline
 * again), else the next one in the quiz's order, shown from now; a question whose timer ran out
 * unanswered is counted as missed first. Once every question is done: the fan's result and rank.
 */
export async function nextQuestion(db: Db, fan: FanRef, quizId: number, now = new Date()): Promise<FanNextResponse> {
  await openQuiz(db, fan, quizId, now);
  const finished = await transaction(db, async (tx) => {
    const play = await lockedPlay(tx, fan, quizId, now);
    const questions = await questionsOf(tx, quizId);
    const shown = await tx
      .select()
      .from(triviaResponses)
      .where(eq(triviaResponses.playId, play.id))
      .orderBy(asc(triviaResponses.id));
    const byId = new Map(questions.map((question) => [question.id, question]));
    for (const response of shown) {
      const question = byId.get(response.questionId);
      if (response.settledAt !== null || !question) continue;
      if (now <= deadlineOf(response.shownAt, question)) return { play, question, shownAt: response.shownAt };
      await settle(tx, play, response, question, null, now);
    }
    const seen = new Set(shown.map((response) => response.questionId));
    const question = questions.find((candidate) => !seen.has(candidate.id));
    if (!question) {
      if (play.finishedAt === null) {
        await tx.update(triviaPlays).set({ finishedAt: now }).where(eq(triviaPlays.id, play.id));
      }
      return { play, question: null, shownAt: now };
    }
    await tx.insert(triviaResponses).values({ playId: play.id, questionId: question.id, shownAt: now });
    return { play, question, shownAt: now };
  });
  const { play, question, shownAt } = finished;
  if (!question) {
    const [totals] = await db
      .select({ score: triviaPlays.score, correct: triviaPlays.correct })
      .from(triviaPlays)
      .where(eq(triviaPlays.id, play.id));
    const questions = await db.select({ total: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
    const standing = await quizRankOf(db, fan.accountId, quizId, fan.fanId);
    return {
      done: true,
      score: totals?.score ?? 0,
      correct: totals?.correct ?? 0,
      questions: questions[0]?.total ?? 0,
      rank: standing.rank,
      contestants: standing.contestants,
    };
  }
  const all = await db
    .select({ id: quizQuestions.id })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  const answers = await db
    .select({ id: quizAnswers.id, text: quizAnswers.text })
    .from(quizAnswers)
    .where(eq(quizAnswers.questionId, question.id))
    .orderBy(asc(quizAnswers.position), asc(quizAnswers.id));
  return {
    done: false,
    question: {
      id: question.id,
      text: question.text,
      image: question.image,
      timerSeconds: question.timerSeconds,
      points: question.points,
      index: all.findIndex((row) => row.id === question.id),
      total: all.length,
      answers,
    },
    deadline: deadlineOf(shownAt, question).toISOString(),
  };
}

/**
 * POST answers: the answer to the question shown (409 when it was not shown or is already
 * settled), scored by the time since it was shown; written as the fan's 'trivia_answer' activity.
 */
export async function answerQuestion(
  db: Db,
  fan: FanRef,
  quizId: number,
  body: TriviaAnswerBody,
  now = new Date(),
): Promise<TriviaAnswerResponse> {
  await openQuiz(db, fan, quizId, now);
  const result = await transaction(db, async (tx) => {
    const play = await lockedPlay(tx, fan, quizId, now);
    const [question] = await tx
      .select()
      .from(quizQuestions)
      .where(and(eq(quizQuestions.id, body.questionId), eq(quizQuestions.quizId, quizId)))
      .limit(1);
    const [response] = question
      ? await tx
          .select()
          .from(triviaResponses)
          .where(and(eq(triviaResponses.playId, play.id), eq(triviaResponses.questionId, question.id)))
          .limit(1)
      : [];
    if (!question || !response) throw new HttpError(409, TRIVIA_PLAY_MESSAGES.questionNotShown);
    if (response.settledAt !== null) throw new HttpError(409, TRIVIA_PLAY_MESSAGES.alreadyAnswered);
    const answers = await tx
      .select({ id: quizAnswers.id, correct: quizAnswers.correct })
      .from(quizAnswers)
      .where(eq(quizAnswers.questionId, question.id));
    const answer = answers.find((candidate) => candidate.id === body.answerId);
    if (!answer) throw badRequest(TRIVIA_PLAY_MESSAGES.answerNotOfQuestion(body.answerId, question.id));
    const scored = await settle(tx, play, response, question, answer, now);
    await recordActivity(tx, fan, {
      type: 'trivia_answer',
      payload: { quizId, questionId: question.id, correct: scored.correct, points: scored.points },
      at: now,
    });
    return {
      ...scored,
      score: play.score,
      correctAnswerIds: answers.filter((candidate) => candidate.correct).map((candidate) => candidate.id),
    };
  });
  return result;
}

/** How many fans played the quiz (GET quizzes/{id}/contestants/count). */
export async function contestantsCount(db: Db, quizId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(triviaPlays).where(eq(triviaPlays.quizId, quizId));
  return row?.total ?? 0;
}
