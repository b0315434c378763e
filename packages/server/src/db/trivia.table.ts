import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';

/** Trivia quizzes of an account (contract resources/quizzes.ts). */
export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    published: boolean('published').notNull().default(false),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    index('quizzes_account_starts_id_idx').on(table.accountId, table.startsAt, table.id),
    check('quizzes_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** The questions of a quiz, in `position` order. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    image: text('image'),
    timerSeconds: integer('timer_seconds').notNull().default(20),
    points: integer('points').notNull().default(1000),
    position: integer('position').notNull().default(0),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [index('quiz_questions_quiz_position_idx').on(table.quizId, table.position, table.id)],
);

/** The answers to a question, in `position` order; `correct` marks the right ones. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    correct: boolean('correct').notNull().default(false),
    position: integer('position').notNull().default(0),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [index('quiz_answers_question_position_idx').on(table.questionId, table.position, table.id)],
);
