import type { Message } from '@regie/contract/messages';
import { answersResource, questionsResource, quizzesResource } from '@regie/contract/resources/quizzes';
import { QUESTION_ANSWERS_MAX, QUIZ_QUESTIONS_MAX, TRIVIA_MESSAGES } from '@regie/contract/trivia';
import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tags } from '../db/tags.table.ts';
import { quizAnswers, quizQuestions, quizTags, quizzes } from '../db/trivia.table.ts';
import { HttpError } from '../http/http.errors.ts';
import { type ResourceHooks, resourceEntry } from '../resources/resources.types.ts';

/**
 * A nested record's hooks refusing a new one (409 `message`) once its parent has `max` of them:
 * the parent's id is in the values (the engine gives it to `prepare`).
 */
function atMost<Table extends PgTable>(table: Table, parent: PgColumn, field: string, max: number, message: Message) {
  const hooks: ResourceHooks<Table> = {
    async prepare(values, { db, action }) {
      const parentId = values[field];
      if (action !== 'create' || typeof parentId !== 'number') return values;
      const plain: PgTable = table;
      const [found] = await db.select({ total: count() }).from(plain).where(eq(parent, parentId));
      if ((found?.total ?? 0) >= max) throw new HttpError(409, message);
      return values;
    },
  };
  return hooks;
}

/** The trivia resources of the engine (contract resources/quizzes.ts), with their limits. */
export const quizzesEntry = resourceEntry({
  definition: quizzesResource,
  table: quizzes,
  links: {
    tags: {
      table: quizTags,
      owner: quizTags.quizId,
      target: quizTags.tagId,
      sameAccount: { table: tags, id: tags.id, accountId: tags.accountId },
    },
  },
});

export const questionsEntry = resourceEntry({
  definition: questionsResource,
  table: quizQuestions,
  hooks: atMost(quizQuestions, quizQuestions.quizId, 'quizId', QUIZ_QUESTIONS_MAX, TRIVIA_MESSAGES.tooManyQuestions),
});

export const answersEntry = resourceEntry({
  definition: answersResource,
  table: quizAnswers,
  hooks: atMost(
    quizAnswers,
    quizAnswers.questionId,
    'questionId',
    QUESTION_ANSWERS_MAX,
    TRIVIA_MESSAGES.tooManyAnswers,
  ),
});
