import { CHAPTER_TITLE_MAX, CHAPTERS_MAX, type CONFERENCE_MESSAGES } from '../conferences.ts';
import type { Translation } from '../messages.ts';

/** The conference calls' server messages in French (spread into server.fr.ts). */
export const CONFERENCE_MESSAGES_FR = {
  notFound: (id) => `Conférence ${id} introuvable`,
  chapterNotFound: (id) => `Chapitre ${id} introuvable`,
  endsBeforeStart: 'La conférence doit se terminer après son début (ou au même moment)',
  titleRequired: 'Un chapitre doit avoir un titre',
  titleTooLong: `Le titre d’un chapitre compte au plus ${CHAPTER_TITLE_MAX} caractères`,
  startNegative: 'Un chapitre ne peut pas commencer avant le début de la vidéo',
  startBeyondVideo: (duration) =>
    `Un chapitre doit commencer pendant la vidéo (elle dure ${duration.toFixed(2).replace('.', ',')} s)`,
  sameStart: (clock) => `Deux chapitres commencent à ${clock} : chaque chapitre doit avoir son propre début`,
  tooManyChapters: `Une conférence compte au plus ${CHAPTERS_MAX} chapitres`,
  unknownAction: 'Action inconnue : la seule action possible est export_chapters',
  unknownSpeaker: (id) => `Intervenant ${id} introuvable dans ce compte`,
  duplicateSpeaker: (id) => `L’intervenant ${id} figure deux fois dans la liste`,
  noVideo: (id) => `La conférence ${id} n’a pas de vidéo de replay : choisissez d’abord sa vidéo`,
  rangeOrChapter: 'Indiquez soit un chapitre, soit un point d’entrée et de sortie, pas les deux',
  rangeMissing: 'Indiquez un chapitre, ou bien un point d’entrée et un point de sortie',
} satisfies Translation<typeof CONFERENCE_MESSAGES>;
