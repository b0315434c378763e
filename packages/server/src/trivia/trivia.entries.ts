import { answersResource, questionsResource, quizzesResource } from '@regie/contract/resources/quizzes';
import { QUESTION_ANSWERS_MAX, QUIZ_QUESTIONS_MAX, TRIVIA_MESSAGES } from '@regie/contract/trivia';
import { count, eq } from 'drizzle-orm';
import { quizAnswers, quizQuestions, quizzes } from '../db/trivia.table.ts';
import { HttpError } from '../http/http.errors.ts';
import { resourceEntry } from '../resources/resources.types.ts';

/** The trivia resources of the engine (contract resources/quizzes.ts), with their limits. */
export const quizzesEntry = resourceEntry({ definition: quizzesResource, table: quizzes });

export const questionsEntry = resourceEntry({
  definition: questionsResource,
  table: quizQuestions,
  hooks: {
    async prepare(values, { db, action }) {
      if (action !== 'create' || typeof values.quizId !== 'number') return values;
      const [found] = await db
        .select({ total: count() })
        .from(quizQuestions)
        .where(eq(quizQuestions.quizId, values.quizId));
      if ((found?.total ?? 0) >= QUIZ_QUESTIONS_MAX) throw new HttpError(409, TRIVIA_MESSAGES.tooManyQuestions);
      return values;
    },
  },
});

export const answersEntry = resourceEntry({
  definition: answersResource,
  table: quizAnswers,
  hooks: {
    async prepare(values, { db, action }) {
      if (action !== 'create' || typeof values.questionId !== 'number') return values;
      const [found] = await db
        .select({ total: count() })
        .from(quizAnswers)
        .where(eq(quizAnswers.questionId, values.questionId));
      if ((found?.total ?? 0) >= QUESTION_ANSWERS_MAX) throw new HttpError(409, TRIVIA_MESSAGES.tooManyAnswers);
      return values;
    },
  },
});
