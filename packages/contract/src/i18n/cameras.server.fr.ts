import { type CAMERA_MESSAGES, MAX_CAMERAS_PER_CONTENT } from '../cameras.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the cameras' messages (spread into server.fr.ts). */
export const CAMERAS_SERVER_FR = {
  CAMERA_MESSAGES: {
    notFound: (id) => `Caméra ${id} introuvable`,
    oneContent: 'Indiquez l’événement ou la conférence que filme la caméra : eventId ou conferenceId, un seul des deux',
    inputTaken: 'Cette entrée live est déjà une caméra de ce contenu',
    tooMany: `Un contenu compte au plus ${MAX_CAMERAS_PER_CONTENT} caméras`,
    multicamOff: 'Changer de caméra demande le module MULTICAM activé sur cet événement',
  } satisfies Translation<typeof CAMERA_MESSAGES>,
} as const;
