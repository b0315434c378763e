import type { Translation } from '../messages.ts';
import { QUESTION_ANSWERS_MAX, QUIZ_QUESTIONS_MAX, type TRIVIA_MESSAGES } from '../trivia.ts';

/** The French twin of the trivia messages (spread into server.fr.ts). */
export const TRIVIA_SERVER_FR = {
  TRIVIA_MESSAGES: {
    endBeforeStart: 'Le quiz doit fermer après son ouverture',
    questionNotFound: (id) => `Question ${id} introuvable`,
    tooManyQuestions: `Un quiz compte au plus ${QUIZ_QUESTIONS_MAX} questions`,
    tooManyAnswers: `Une question compte au plus ${QUESTION_ANSWERS_MAX} réponses`,
  } satisfies Translation<typeof TRIVIA_MESSAGES>,
} as const;
