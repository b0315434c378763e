import { ATTACHMENT_MAX_BYTES, type ATTACHMENT_MESSAGES, ATTACHMENTS_PER_EVENT } from '../attachments.ts';
import { GRAPHIC_LIMITS, type GRAPHIC_MESSAGES } from '../graphics.ts';
import type { LIFECYCLE_MESSAGES } from '../lifecycle.ts';
import type { Translation } from '../messages.ts';
import type { REPOST_MESSAGES } from '../reposts.ts';

/** The French twin of the graphics, lifecycle, attachments and reposts messages (spread into server.fr.ts). */

const STATES: Readonly<Record<string, string>> = { upcoming: 'à venir', live: 'en direct', replay: 'en replay' };
const TRANSITIONS: Readonly<Record<string, string>> = {
  'start-live': 'lancer le direct',
  'process-end-live': 'terminer le direct',
  'process-end-live-dailymotion': 'terminer le direct Dailymotion',
  'process-end-live-aws': 'terminer le direct cloud',
};

export const EXTRAS_SERVER_MESSAGES_FR = {
  GRAPHIC_MESSAGES: {
    notFound: (id) => `Habillage graphique ${id} introuvable`,
    imageType: 'Un habillage graphique est une image PNG, JPEG ou SVG',
    imageMissing: 'L’image est introuvable : envoyez-la de nouveau',
    tooMany: `Un événement compte au plus ${GRAPHIC_LIMITS.perEvent} habillages graphiques`,
    notOfClip: (id) => `L’habillage graphique ${id} n’appartient pas à cet événement`,
    imageUnreadable: (key) => `L’image d’habillage ${key} est absente du stockage`,
    duplicateIds: 'Choisissez chaque habillage une seule fois',
  } satisfies Translation<typeof GRAPHIC_MESSAGES>,
  LIFECYCLE_MESSAGES: {
    wrongState: (transition, state, from) =>
      `Impossible de ${TRANSITIONS[transition] ?? transition} : l’événement est ${STATES[state] ?? state}, il doit être ${STATES[from] ?? from}`,
    dailymotionNotConfigured: 'Dailymotion n’est pas configuré sur ce serveur',
    noCameraReceiving:
      'Aucune caméra ne reçoit d’image : les fans ne verraient rien. Lancez l’encodeur, ou confirmez le passage en direct sans caméra',
    notFound: (id) => `Élément ${id} introuvable`,
  } satisfies Translation<typeof LIFECYCLE_MESSAGES>,
  ATTACHMENT_MESSAGES: {
    notMultipart: 'Envoyez le document en multipart/form-data, le fichier dans le champ « file »',
    missingFile: 'Aucun fichier : envoyez le document dans le champ « file »',
    tooLarge: `Le document est trop volumineux (limite ${ATTACHMENT_MAX_BYTES / 1024 / 1024} Mio)`,
    emptyFile: 'Le fichier est vide',
    unsupportedType:
      'Document non pris en charge : envoyez un PDF, une image (PNG, JPEG, GIF, WebP) ou un document bureautique',
    tooMany: `Un événement compte au plus ${ATTACHMENTS_PER_EVENT} pièces jointes`,
    notFound: (id) => `Pièce jointe ${id} introuvable`,
    linkExpired: 'Ce lien de téléchargement n’est pas valide ou a expiré : rouvrez l’événement',
  } satisfies Translation<typeof ATTACHMENT_MESSAGES>,
  REPOST_MESSAGES: {
    noVideo: (id) => `L’événement ${id} n’a pas de vidéo de replay : choisissez sa vidéo ou l’un de ses clips`,
    notEventVideo: (id) => `La vidéo ${id} n’est ni le replay ni un clip de cet événement`,
    notReady: (id) => `La vidéo ${id} n’est pas encore prête : elle pourra être republiée une fois encodée`,
    duplicateTargets: 'Choisissez chaque destination une seule fois',
  } satisfies Translation<typeof REPOST_MESSAGES>,
};
