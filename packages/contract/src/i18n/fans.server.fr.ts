import { FAN_RATE_LIMIT, type FANS_MESSAGES } from '../fans.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the fans' messages (spread into server.fr.ts); fans read some of them. */
export const FANS_SERVER_FR = {
  FANS_MESSAGES: {
    notFound: (id) => `Fan ${id} introuvable`,
    profileNotFound: (id) => `Profil de fans ${id} introuvable`,
    tagNotFound: (id) => `Tag ${id} introuvable`,
    videoNotFound: (id) => `Vidéo ${id} introuvable`,
    eventNotFound: (id) => `Événement ${id} introuvable`,
    offerNotFound: (id) => `Offre de paiement ${id} introuvable`,
    accountUnknown: 'Compte inconnu : envoyez la clé du club dans x-account-key',
    otherAccount: 'Ce fan est connecté à un autre club que celui que nomme x-account-key',
    badCredentials: 'Adresse e-mail ou mot de passe incorrect',
    notConfirmed:
      'Confirmez d’abord votre adresse e-mail : utilisez le code de l’e-mail envoyé (réinscrivez-vous pour en recevoir un nouveau)',
    confirmationInvalid:
      'Ce code de confirmation est inconnu, déjà utilisé ou expiré : réinscrivez-vous pour en recevoir un nouveau',
    tooManySignins: (minutes) =>
      `Trop de connexions échouées : réessayez dans ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
    tooManySignups: (minutes) =>
      `Trop d’inscriptions : réessayez dans ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
    blocked: 'Ce compte de fan est bloqué',
    signedOut: 'Reconnectez-vous : cette session de fan est terminée',
    missingToken: 'Connectez-vous d’abord : cet appel demande un jeton de fan',
    tooManyCalls: `Trop d’appels depuis cette adresse : réessayez dans ${FAN_RATE_LIMIT.windowMs / 1000} s`,
    profileNameTaken: 'Un profil de fans porte déjà ce nom',
    offerInactive: 'Cette offre de paiement n’est pas en vente',
    offerSellsNothing: 'Cette offre de paiement n’est liée à aucun produit',
    tooManyForBulk: (max) => `Au plus ${max} fans par action groupée : affinez le filtre`,
    tagOrBlock: 'Indiquez quoi faire : un tag à ajouter ou à retirer, ou bloquer ou débloquer',
    emailTaken: 'Un autre fan de ce compte a déjà cette adresse e-mail',
    emailInvalid: 'Saisissez une adresse e-mail valide',
  } satisfies Translation<typeof FANS_MESSAGES>,
} as const;
