import type { GAMES_MESSAGES } from '../games.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the predictor and MOTM messages (spread into server.fr.ts). */
export const GAMES_SERVER_FR = {
  GAMES_MESSAGES: {
    gameNotFound: (id) => `Jeu ${id} introuvable`,
    sponsorNotFound: (id) => `Sponsor ${id} introuvable`,
    giftNotFound: (id) => `Lot ${id} introuvable`,
    noGameOnEvent: (eventId) => `L’événement ${eventId} n’a pas de jeu de ce type`,
    gameExists: 'Cet événement a déjà ce jeu',
    predictorInactive: 'L’événement n’a pas activé les pronostics (ADDON_PREDICTOR)',
    motmInactive: 'L’événement n’a pas activé l’homme du match (ADDON_MOTM)',
    predictionsLocked: 'Les pronostics sont clos : le match a commencé',
    notLockedYet: 'Les pronostics sont encore ouverts : calculez une fois qu’ils sont clos au coup d’envoi',
    voteStillOpen: 'Le vote est encore ouvert : fermez-le avant de désigner l’homme du match',
    votingNotOpen: 'Le vote n’est pas ouvert pour ce jeu',
    alreadyOpen: 'Le vote est déjà ouvert pour ce jeu',
    alreadyVoted: 'Vous avez déjà voté pour ce jeu',
    notCandidate: (challengerId) => `Le participant ${challengerId} n’est pas candidat dans ce jeu`,
    notEventChallengers: (ids) => `Ne sont pas des joueurs de l’événement : ${ids.join(', ')}`,
    noCandidates:
      'L’événement ne compte aucun joueur pour qui voter : ajoutez d’abord les joueurs des deux équipes à ses participants',
    rankOrder: 'Le dernier rang ne peut pas précéder le premier',
    windowOrder: 'Le vote doit se clore après son ouverture',
    tooManySponsors: (max) => `Un jeu compte au plus ${max} sponsors`,
    tooManyGifts: (max) => `Un jeu compte au plus ${max} lots`,
  } satisfies Translation<typeof GAMES_MESSAGES>,
} as const;
