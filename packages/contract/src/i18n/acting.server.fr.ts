import type { ACTING_MESSAGES } from '../acting.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the acting messages (spread into server.fr.ts). */
export const ACTING_SERVER_FR = {
  ACTING_MESSAGES: {
    required: 'Pour agir pour ce compte, choisissez-le de nouveau dans le sélecteur de comptes et indiquez une raison.',
    reasonRequired: 'Indiquez pourquoi vous agissez pour ce compte (un numéro de ticket, par exemple).',
    reasonTooLong: 'La raison est trop longue (500 caractères au plus).',
    ownAccount: 'C’est votre propre compte : inutile d’agir pour lui.',
    accountNotFound: (id) => `Compte ${id} introuvable`,
  } satisfies Translation<typeof ACTING_MESSAGES>,
};
