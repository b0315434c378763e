import type { MATCH_EVENT_MESSAGES } from '../match-events.ts';
import type { Translation } from '../messages.ts';

/** The French of the match events' server messages (issue 25), spread into server.fr.ts. */
export const MATCH_SERVER_FR = {
  MATCH_EVENT_MESSAGES: {
    noMatchDocument: 'Cet événement n’a pas encore de données de match : importez d’abord un fichier de match',
    waitingForKickOff: (period) =>
      `En attente du coup d’envoi de la période ${period} : réglez-le dans l’horloge du match`,
    noEventTeams: (names) =>
      `Les équipes ${names.join(' et ')} ne sont pas les participants à domicile et à l’extérieur de l’événement`,
    unknownMarkerTypes: (ids) => `Types de marqueurs inconnus : ${ids.join(', ')}`,
    duplicateKey: (key) => `La clé ${key} figure deux fois`,
    periodsDuplicate: 'Chaque période ne peut figurer qu’une fois',
    periodsOrder: 'Chaque période doit commencer après les précédentes',
    eventWithoutSport: 'Choisissez d’abord le sport de l’événement : la correspondance des parseurs dépend du sport',
    noSportForMarkerTypes: 'Le compte n’a pas de sport pour créer les types de marqueurs par défaut',
  } satisfies Translation<typeof MATCH_EVENT_MESSAGES>,
};
