import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { timestamps } from './columns.ts';
import { fans } from './fans.table.ts';
import { tags } from './tags.table.ts';

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

/** A quiz's tags (the account's tags: contract resources/quizzes.ts `tags`). */
export const quizTags = pgTable(
  'quiz_tags',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.tagId] }), index('quiz_tags_tag_id_idx').on(table.tagId)],
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

/**
 * A fan's play of a quiz (the quiz's contestant; contract trivia.play.ts): one per fan and quiz,
 * its totals kept up to date with each answer so rankings are one grouped read.
 */
export const triviaPlays = pgTable(
  'trivia_plays',
  {
    id: serial('id').primaryKey(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    fanId: integer('fan_id')
      .notNull()
      .references(() => fans.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The last answer or miss counted: the ranking's last tie-break. */
    lastAnsweredAt: timestamp('last_answered_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    score: integer('score').notNull().default(0),
    /** Correct answers in a row at the end of the play so far. */
    streak: integer('streak').notNull().default(0),
    /** Questions answered or missed. */
    done: integer('done').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    /** Time spent answering (a missed question counts its whole timer). */
    answeringMs: integer('answering_ms').notNull().default(0),
  },
  (table) => [
    uniqueIndex('trivia_plays_quiz_fan_unique').on(table.quizId, table.fanId),
    index('trivia_plays_account_started_idx').on(table.accountId, table.startedAt),
    index('trivia_plays_fan_idx').on(table.fanId),
  ],
);

/**
 * Each question shown to a fan in a play: when the server showed it, and once answered (or
 * missed) the answer, its time and its points. One per play and question.
 */
export const triviaResponses = pgTable(
  'trivia_responses',
  {
    id: serial('id').primaryKey(),
    playId: integer('play_id')
      .notNull()
      .references(() => triviaPlays.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    answerId: integer('answer_id').references(() => quizAnswers.id, { onDelete: 'set null' }),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull(),
    /** Null while the fan may still answer. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    elapsedMs: integer('elapsed_ms'),
    correct: boolean('correct').notNull().default(false),
    points: integer('points').notNull().default(0),
  },
  (table) => [uniqueIndex('trivia_responses_play_question_unique').on(table.playId, table.questionId)],
);
