import type { Db } from '../db/database.ts';
import { quizAnswers, quizQuestions, quizzes } from '../db/trivia.table.ts';
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
export async function seedTriviaDemo(db: Db, club: number): Promise<void> {
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
}
