import { z } from 'zod';
import { isoDateTime } from '../datetime.ts';
import { GAME_SETTINGS_DEFAULTS } from '../games.settings.ts';
import { QUESTION_ANSWERS_MAX, QUIZ_QUESTIONS_MAX, TRIVIA_MESSAGES } from '../trivia.ts';
import { imageKey } from '../uploads.schemas.ts';
import { defineResource, endsAfterStart, type FieldRule } from './define.ts';
import { registeredWriteRule, TRIVIA_RULE } from './registry.ts';
import { referenceId } from './shapes.ts';

export const QUIZ_NAME_MAX = 120;
export const QUIZ_DESCRIPTION_MAX = 1000;
export const QUESTION_TEXT_MAX = 300;
export const ANSWER_TEXT_MAX = 200;
/** How long a new quiz stays open. */
export const QUIZ_DEFAULT_DAYS = 7;

const QUIZ_DATES_RULE: FieldRule = endsAfterStart(
  TRIVIA_MESSAGES.endBeforeStart,
  'resource.quizzes.rule.endBeforeStart',
);

/**
 * A trivia quiz (menu trivia/quizzes, tabs infos and ranking): fans answer its questions in the
 * player during its window (startsAt → endsAt). Its questions
 * are /main-api/quizzes/{id}/questions (spec §7), each question's answers
 * /main-api/questions/{id}/answers; scoring is contract games.scoring.ts. Its sponsors and gifts
 * are contract games.ts prizePaths('trivia'); its tags are the account's tags.
 */
export const quizzesResource = defineResource({
  name: 'quizzes',
  gateway: 'main',
  labelKey: 'resource.quizzes',
  fields: z.object({
    name: z.string().trim().min(1).max(QUIZ_NAME_MAX),
    description: z.string().trim().max(QUIZ_DESCRIPTION_MAX).default(''),
    /** An uploaded image key (kind 'picture'). */
    image: imageKey.nullable().default(null),
    startsAt: isoDateTime.default(() => new Date().toISOString()),
    /** A new quiz is open for a week unless told. */
    endsAt: isoDateTime.default(() => new Date(Date.now() + QUIZ_DEFAULT_DAYS * 86_400_000).toISOString()),
    /** Fans see it (in its window) once published. */
    published: z.boolean().default(false),
    /** The account's tags (theme, sponsor…): the quizzes list filters by them, fans see them. */
    tags: z.array(referenceId).max(20).default([]),
  }),
  ui: {
    name: { widget: 'limitedText', textLimit: QUIZ_NAME_MAX, tab: 'infos' },
    description: { widget: 'textarea', tab: 'infos' },
    image: { widget: 'image', imageKind: 'picture', tab: 'infos' },
    startsAt: { widget: 'dateTime', tab: 'infos' },
    endsAt: { widget: 'dateTime', tab: 'infos' },
    published: { widget: 'switch', tab: 'infos' },
    tags: { widget: 'references', reference: 'tags', tab: 'infos' },
  },
  columns: ['image', 'name', 'startsAt', 'endsAt', 'published'],
  filters: ['published', 'startsAt', 'tags'],
  sortable: ['startsAt', 'name', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'startsAt', direction: 'desc' },
  search: ['name', 'description'],
  translatable: ['name', 'description'],
  rules: [QUIZ_DATES_RULE],
  relations: {
    Questions: { resource: 'questions', kind: 'many', foreignKey: 'quizId' },
    Tags: { resource: 'tags', kind: 'manyToMany', through: 'quiz_tags' },
  },
  access: { read: TRIVIA_RULE, write: registeredWriteRule('quizzes') },
  tenancy: 'account',
});

/**
 * A question of a quiz (/main-api/quizzes/{id}/questions GET/POST, spec §7), in the order fans get
 * them (`position`, changed with PUT questions/updateposition/{id}).
 */
export const questionsResource = defineResource({
  name: 'questions',
  singular: 'Question',
  gateway: 'main',
  parent: { resource: 'quizzes', field: 'quizId' },
  labelKey: 'resource.questions',
  fields: z.object({
    quizId: referenceId,
    text: z.string().trim().min(1).max(QUESTION_TEXT_MAX),
    image: imageKey.nullable().default(null),
    timerSeconds: z.number().int().min(5).max(300).default(GAME_SETTINGS_DEFAULTS.trivia.defaultTimerSeconds),
    points: z.number().int().min(1).max(100_000).default(GAME_SETTINGS_DEFAULTS.trivia.defaultPoints),
    position: z.number().int().min(0).max(QUIZ_QUESTIONS_MAX).default(QUIZ_QUESTIONS_MAX),
  }),
  ui: {
    quizId: { widget: 'reference', reference: 'quizzes', readOnly: true },
    text: { widget: 'limitedText', textLimit: QUESTION_TEXT_MAX },
    image: { widget: 'image', imageKind: 'picture' },
    timerSeconds: { widget: 'number' },
    points: { widget: 'number' },
    position: { widget: 'number' },
  },
  columns: ['position', 'text', 'timerSeconds', 'points'],
  filters: [],
  sortable: ['position', 'createdAt'],
  defaultSort: { field: 'position', direction: 'asc' },
  search: ['text'],
  translatable: ['text'],
  relations: { Answers: { resource: 'answers', kind: 'many', foreignKey: 'questionId' } },
  access: { read: TRIVIA_RULE, write: registeredWriteRule('questions') },
  tenancy: 'account',
});

/** An answer to a question (/main-api/questions/{id}/answers GET/POST, spec §7). */
export const answersResource = defineResource({
  name: 'answers',
  singular: 'Answer',
  gateway: 'main',
  parent: { resource: 'questions', field: 'questionId' },
  labelKey: 'resource.answers',
  fields: z.object({
    questionId: referenceId,
    text: z.string().trim().min(1).max(ANSWER_TEXT_MAX),
    correct: z.boolean().default(false),
    position: z.number().int().min(0).max(QUESTION_ANSWERS_MAX).default(0),
  }),
  ui: {
    questionId: { widget: 'reference', reference: 'questions', readOnly: true },
    text: { widget: 'limitedText', textLimit: ANSWER_TEXT_MAX },
    correct: { widget: 'switch' },
    position: { widget: 'number' },
  },
  columns: ['position', 'text', 'correct'],
  filters: ['correct'],
  sortable: ['position', 'createdAt'],
  defaultSort: { field: 'position', direction: 'asc' },
  search: ['text'],
  translatable: ['text'],
  access: { read: TRIVIA_RULE, write: registeredWriteRule('answers') },
  tenancy: 'account',
});
