import { z } from 'zod';
import { MAIN_API } from './api.ts';
import { messageCatalog } from './messages.ts';

/**
 * Trivia beyond its declared resources (resources/quizzes.ts: quizzes, questions, answers): the
 * limits, the messages and the calls of spec §7 that are not CRUD.
 */

/** At most this many questions in a quiz, answers to a question. */
export const QUIZ_QUESTIONS_MAX = 100;
export const QUESTION_ANSWERS_MAX = 6;

export const TRIVIA_MESSAGES = messageCatalog('TRIVIA_MESSAGES', {
  endBeforeStart: 'The quiz must close after it opens',
  questionNotFound: (id: number | string) => `Question ${id} not found`,
  tooManyQuestions: `A quiz has at most ${QUIZ_QUESTIONS_MAX} questions`,
  tooManyAnswers: `A question has at most ${QUESTION_ANSWERS_MAX} answers`,
});

/** Fans playing trivia and the rankings (trivia.play.ts). */
export const TRIVIA_PLAY_MESSAGES = messageCatalog('TRIVIA_PLAY_MESSAGES', {
  quizNotFound: (id: number | string) => `Quiz ${id} not found`,
  notOpenYet: 'This quiz is not open yet',
  closed: 'This quiz is closed',
  questionNotShown: 'Ask for this question first: its timer starts when it is shown',
  alreadyAnswered: 'This question was already answered',
  answerNotOfQuestion: (answerId: number, questionId: number) =>
    `Answer ${answerId} is not an answer to question ${questionId}`,
  badDate: 'The date must be a day written YYYY-MM-DD',
});

/** PUT /main-api/questions/updateposition/{id} (spec §7): moves a question to `position` (from 0) in its quiz. */
export const questionPositionBody = z.object({
  position: z
    .number()
    .int()
    .min(0)
    .max(QUIZ_QUESTIONS_MAX - 1),
});
export type QuestionPositionBody = z.infer<typeof questionPositionBody>;

export const triviaPaths = {
  questionPosition: (id?: number | string) => `${MAIN_API}/questions/updateposition/${id ?? ':id'}`,
} as const;
