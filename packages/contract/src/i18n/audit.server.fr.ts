import type { AUDIT_MESSAGES } from '../audit.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the audit trail's messages (spread into server.fr.ts). */
export const AUDIT_SERVER_FR = {
  AUDIT_MESSAGES: {
    badCursor: 'Ce lien de page n’est plus valable : repartez de la première page',
    accountNotFound: (id) => `Compte ${id} introuvable`,
    notAllowed: 'Lire le journal d’audit demande le rôle manage_users',
  } satisfies Translation<typeof AUDIT_MESSAGES>,
};
