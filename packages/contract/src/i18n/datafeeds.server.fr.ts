import { SUBSCRIPTION_LIMITS, type SUBSCRIPTION_MESSAGES } from '../data-provider-subscriptions.ts';
import type { Translation } from '../messages.ts';

const ENTITIES: Readonly<Record<string, string>> = {
  competition: 'Aucune compétition',
  season: 'Aucune saison',
  event: 'Aucun événement',
};

/** The French twin of the data provider subscriptions' messages (spread into server.fr.ts). */
export const DATAFEEDS_SERVER_FR = {
  SUBSCRIPTION_MESSAGES: {
    mappingNotFound: (id) => `Correspondance de fournisseur de données ${id} introuvable`,
    subscriptionNotFound: 'Aucun abonnement de cette correspondance n’a ces identifiants',
    subscriptionIdNotFound: (id) => `Abonnement ${id} introuvable`,
    recordNotFound: (entity, id) => `${ENTITIES[entity] ?? 'Aucun enregistrement'} ${id} dans ce compte`,
    mappingExists: 'Cet enregistrement a déjà une correspondance pour ce fournisseur',
    notAnEvent: 'Seule la correspondance d’un événement peut avoir des abonnements : un flux suit un match',
    tooMany: `Une correspondance a au plus ${SUBSCRIPTION_LIMITS.perMapping} abonnements`,
    urlCredentials: 'Mettez les identifiants dans le nom d’utilisateur et le mot de passe, pas dans l’URL',
    intervalMin: `Interrogez le flux toutes les ${SUBSCRIPTION_LIMITS.intervalMinSeconds} secondes au moins`,
    intervalMax: `Interrogez le flux toutes les ${SUBSCRIPTION_LIMITS.intervalMaxSeconds} secondes au plus`,
    intervalWhole: 'L’intervalle est un nombre entier de secondes',
    nothingToChange: 'Indiquez paused ou intervalSeconds : rien à modifier',
    credentialsPair: 'Donnez le nom d’utilisateur et le mot de passe, ou aucun des deux',
    csvNotPolled:
      'Un flux CSV demande sa correspondance de colonnes : abonnez-vous à un flux StatsBomb ou openfootball',
    keyChanged: 'Les identifiants ne peuvent être lus avec la clé de ce serveur : saisissez-les de nouveau',
    documentTooLarge: `Le document du flux dépasse ${SUBSCRIPTION_LIMITS.documentMaxBytes / 1024 / 1024} Mo`,
  } satisfies Translation<typeof SUBSCRIPTION_MESSAGES>,
};
