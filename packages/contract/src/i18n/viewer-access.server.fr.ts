import type { Translation } from '../messages.ts';
import type { LOCAL_PAY_MESSAGES, VIEWER_ACCESS_MESSAGES } from '../viewer-access.ts';

/** The French of who may watch (fans only, paid passes), spread into server.fr.ts. */
export const VIEWER_ACCESS_SERVER_FR = {
  VIEWER_ACCESS_MESSAGES: {
    signInToWatch: 'Cette vidéo est réservée aux supporters du club : connectez-vous pour la regarder',
    otherClub: 'Cette page est celle d’un autre club : connectez-vous avec votre compte de ce club',
    passRequired: 'Cette vidéo fait partie d’un pass : achetez-le pour la regarder',
    checkoutNotFound: 'Ce paiement n’existe pas (ou n’est pas le vôtre)',
    checkoutNotPaid: 'Ce paiement n’est pas encore terminé',
    checkoutExpired: 'Ce paiement a expiré : recommencez',
    checkoutOffersOnly: 'Seule une offre de cette page peut être achetée ici',
    cardDeclined: 'Votre carte a été refusée : aucun montant n’a été débité',
    cardInvalid: 'Ce numéro de carte n’est pas valide',
    stripeNoPrice: (offer) => `L’offre ${offer} n’a pas de prix Stripe : contactez le club`,
    webhookUnsigned: 'Cet avis n’est pas signé par Stripe',
  } satisfies Translation<typeof VIEWER_ACCESS_MESSAGES>,
  LOCAL_PAY_MESSAGES: {
    title: 'Paiement',
    provider: 'Prestataire de paiement local (mode test)',
    testCards: 'Aucun argent n’est débité ici. La carte 4242 4242 4242 4242 paie ; la 4000 0000 0000 0002 est refusée.',
    card: 'Numéro de carte',
    pay: (amount) => `Payer ${amount}`,
    cancel: 'Annuler et revenir',
    oneTime: (amount) => `${amount}, une fois`,
    monthly: (amount) => `${amount} par mois`,
    yearly: (amount) => `${amount} par an`,
    done: 'Ce paiement est terminé.',
    closed: 'Ce paiement ne peut plus être effectué.',
    back: 'Revenir à la vidéo',
  } satisfies Translation<typeof LOCAL_PAY_MESSAGES>,
};
