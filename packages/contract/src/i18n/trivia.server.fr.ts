import type { Translation } from '../messages.ts';
import type { TRIVIA_PLAY_MESSAGES } from '../trivia.play.ts';
import { QUESTION_ANSWERS_MAX, QUIZ_QUESTIONS_MAX, type TRIVIA_MESSAGES } from '../trivia.ts';

/** The French twin of the trivia messages (spread into server.fr.ts). */
export const TRIVIA_SERVER_FR = {
  TRIVIA_MESSAGES: {
    endBeforeStart: 'Le quiz doit fermer après son ouverture',
    questionNotFound: (id) => `Question ${id} introuvable`,
    tooManyQuestions: `Un quiz compte au plus ${QUIZ_QUESTIONS_MAX} questions`,
    tooManyAnswers: `Une question compte au plus ${QUESTION_ANSWERS_MAX} réponses`,
  } satisfies Translation<typeof TRIVIA_MESSAGES>,
  TRIVIA_PLAY_MESSAGES: {
    quizNotFound: (id) => `Quiz ${id} introuvable`,
    notOpenYet: 'Ce quiz n’est pas encore ouvert',
    closed: 'Ce quiz est terminé',
    questionNotShown: 'Demandez d’abord cette question : son chrono démarre quand elle s’affiche',
    alreadyAnswered: 'Cette question a déjà reçu une réponse',
    answerNotOfQuestion: (answerId, questionId) =>
      `La réponse ${answerId} n’est pas une réponse à la question ${questionId}`,
    badDate: 'La date doit être un jour écrit AAAA-MM-JJ',
  } satisfies Translation<typeof TRIVIA_PLAY_MESSAGES>,
} as const;
