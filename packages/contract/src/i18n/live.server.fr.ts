import { LIVE_LIMITS, type LIVE_MESSAGES } from '../live.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the live inputs' messages (spread into server.fr.ts). */
export const LIVE_SERVER_FR = {
  LIVE_MESSAGES: {
    notFound: (id) => `Entrée live ${id} introuvable`,
    tooMany: `Un compte a au plus ${LIVE_LIMITS.inputsPerAccount} entrées live`,
    limitReached: (limit) =>
      `Refusé : ce compte a déjà ${limit} entrées live à l’antenne, sa limite. Terminez-en une avant d’en lancer une autre.`,
    packagerFailed: (detail) => `Le direct n’a pas pu être découpé en segments : ${detail}`,
    segmentNotFound: 'Ce segment du direct n’existe pas',
    linkExpired: 'Ce lien du direct n’est pas valide ou a expiré : rouvrez l’entrée',
    replayNothingRecorded: 'Rien n’a été enregistré pendant le direct : aucune caméra à l’antenne n’a envoyé d’images',
    recordingSegmentMissing: (sequence, inputId) =>
      `Le segment ${sequence} de l’entrée live ${inputId} manque dans le stockage : l’enregistrement ne peut pas être assemblé`,
  } satisfies Translation<typeof LIVE_MESSAGES>,
};
