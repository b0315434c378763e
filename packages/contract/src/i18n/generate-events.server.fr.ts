import { GENERATE_EVENTS_LIMITS, type GENERATE_EVENTS_MESSAGES } from '../generate-events.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the event generator's messages (spread into server.fr.ts). */
export const GENERATE_EVENTS_SERVER_FR = {
  GENERATE_EVENTS_MESSAGES: {
    seasonNotFound: (id) => `Saison ${id} introuvable`,
    challengerNotFound: (id) => `Participant ${id} introuvable`,
    twoChallengers: 'Choisissez au moins deux participants',
    tooManyChallengers: `Choisissez au plus ${GENERATE_EVENTS_LIMITS.challengersMax} participants`,
    sameChallengerTwice: 'Chaque participant ne peut être choisi qu’une fois',
    badDate: 'Indiquez la première date au format AAAA-MM-JJ',
    badTime: 'Indiquez l’heure du coup d’envoi au format HH:mm (de 00:00 à 23:59)',
    badTimeZone: 'Indiquez un fuseau horaire IANA, comme Europe/Paris',
    badDays: `Jours entre les journées : un nombre entier de 1 à ${GENERATE_EVENTS_LIMITS.daysBetweenRoundsMax}`,
    badLegs: 'Matchs : 1 (aller simple) ou 2 (aller-retour)',
    noFixtures: 'Cette saison n’a pas encore de rencontres : importez-les d’abord, ou générez un championnat',
    fixtureWithoutChallengers:
      'La rencontre n’a pas de participant à domicile ou à l’extérieur : associez ses équipes à des participants et importez-la à nouveau',
  } satisfies Translation<typeof GENERATE_EVENTS_MESSAGES>,
} as const;
