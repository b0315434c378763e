import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { fans } from '../db/fans.table.ts';
import { quizAnswers, quizQuestions, quizzes } from '../db/trivia.table.ts';
import { answerQuestion, nextQuestion } from '../trivia/trivia.play.ts';
import { one } from './seed.rows.ts';

interface DemoQuestion {
  text: string;
  answers: readonly string[];
  /** Index of the right answer. */
  correct: number;
  timerSeconds?: number;
}

const DERBY_QUIZ: readonly DemoQuestion[] = [
  { text: 'In which year was Riverside FC founded?', answers: ['1889', '1902', '1921', '1948'], correct: 1 },
  {
    text: 'Who is Riverside’s all-time top scorer?',
    answers: ['Tom Archer', 'Luis Moreno', 'Sam Okafor', 'Eddie Blake'],
    correct: 2,
  },
  { text: 'What colour is Riverside’s away shirt this season?', answers: ['Navy', 'White', 'Green'], correct: 1 },
  {
    text: 'How many goals did Riverside score against Harbour City last season?',
    answers: ['3', '5', '7', '9'],
    correct: 2,
    timerSeconds: 15,
  },
];

/** The club's trivia: a published quiz, open for a month, with its questions and answers. */
export async function seedTriviaDemo(db: Db, club: number): Promise<number> {
  const now = Date.now();
  const quiz = one(
    await db
      .insert(quizzes)
      .values({
        name: 'Derby day quiz',
        description: 'Four questions on the club before kick-off: the fastest right answers win the most points.',
        startsAt: new Date(now - 86_400_000),
        endsAt: new Date(now + 30 * 86_400_000),
        published: true,
        accountId: club,
      })
      .returning(),
    'quiz',
  );
  for (const [position, question] of DERBY_QUIZ.entries()) {
    const row = one(
      await db
        .insert(quizQuestions)
        .values({
          quizId: quiz.id,
          text: question.text,
          timerSeconds: question.timerSeconds ?? 20,
          points: 1000,
          position,
          accountId: club,
        })
        .returning(),
      'question',
    );
    await db.insert(quizAnswers).values(
      question.answers.map((text, index) => ({
        questionId: row.id,
        text,
        correct: index === question.correct,
        position: index,
        accountId: club,
      })),
    );
  }
  return quiz.id;
}

/** Demo fans who played the quiz, and how many of its four questions each got right. */
const DEMO_PLAYERS = 30;

/**
 * DEMO_PLAYERS of the club's fans play the demo quiz through the fan game's own code (trivia.play.ts),
 * over the last hours, each answering at their own speed, so the rankings have a real story.
 */
export async function seedTriviaPlays(db: Db, club: number, quizId: number): Promise<void> {
  const players = await db
    .select({ id: fans.id })
    .from(fans)
    .where(and(eq(fans.accountId, club), eq(fans.isBlocked, false)))
    .orderBy(asc(fans.id))
    .limit(DEMO_PLAYERS);
  const start = Date.now() - 12 * 3_600_000;
  for (const [index, player] of players.entries()) {
    const fan = { fanId: player.id, accountId: club };
    let at = start + index * 20 * 60_000;
    for (;;) {
      const shown = await nextQuestion(db, fan, quizId, new Date(at));
      if (shown.done) break;
      // Most fans know the early questions; fewer the later ones. Quick ones answer in 2 s, slow ones in 15 s.
      const right = (index * 7 + shown.question.index * 3) % 10 < 8 - shown.question.index * 2;
      const answers = await db
        .select({ id: quizAnswers.id, correct: quizAnswers.correct })
        .from(quizAnswers)
        .where(eq(quizAnswers.questionId, shown.question.id));
      const picked = answers.find((answer) => answer.correct === right) ?? answers[0];
      if (!picked) break;
      at += 2_000 + ((index * 1_300) % 13_000);
      await answerQuestion(db, fan, quizId, { questionId: shown.question.id, answerId: picked.id }, new Date(at));
      at += 1_000;
    }
  }
}
