import { DATA_IMPORT_MAX_BYTES, type DATA_IMPORT_MESSAGES } from '../data-import.ts';
import type { Translation } from '../messages.ts';

/** The kinds of records the import's messages name, in French. */
const KINDS: Readonly<Record<string, string>> = {
  competition: 'compétition',
  season: 'saison',
  round: 'journée',
  challenger: 'équipe',
};
const kindFr = (kind: string) => KINDS[kind] ?? kind;
/** « la compétition », « l’équipe » (every kind is feminine in French). */
const the = (kind: string) => {
  const word = kindFr(kind);
  return /^[aeéiou]/i.test(word) ? `l’${word}` : `la ${word}`;
};
const The = (kind: string) => the(kind).replace(/^./, (first) => first.toUpperCase());

/** The French twin of the data import's messages (spread into server.fr.ts). */
export const DATA_IMPORT_SERVER_FR = {
  DATA_IMPORT_MESSAGES: {
    noDocument:
      'Envoyez un document : dans la requête (document), en fichier (champ multipart « file ») ou par URL (url)',
    twoDocuments: 'Envoyez un seul document : dans la requête, en fichier ou par URL, pas plusieurs',
    notMultipart: 'Envoyez le fichier en multipart/form-data dans le champ « file »',
    unknownProvider: (provider) => `Fournisseur « ${provider} » inconnu : choisissez openfootball, statsbomb ou csv`,
    tooLarge: `Le document dépasse ${DATA_IMPORT_MAX_BYTES / 1024 / 1024} Mo`,
    badField: (field) => `Le champ « ${field} » n’est pas un JSON valide`,
    urlFailed: (detail) => `L’URL n’a pas pu être lue : ${detail}`,
    eventNotFound: (id) => `Événement ${id} introuvable`,
    sportNotFound: (id) => `Sport ${id} introuvable`,
    noSport: 'Choisissez le sport de l’import (sportId) : ce compte n’en indique aucun',
    noCsvMapping:
      'Associez d’abord les colonnes du CSV : aucune correspondance n’est enregistrée pour ce sport et l’appel n’en donne pas (csvColumns)',
    nothingToImport: 'Le document ne contient ni rencontre, ni équipe, ni action de match',
    matchEventsNeedEvent:
      'Ce document contient les actions d’un seul match : choisissez l’événement auquel elles appartiennent (eventId)',
    decisionUnknownRef: (kind, ref) => `Pas de ${kindFr(kind)} « ${ref} » dans le document`,
    decisionNotFound: (kind, id) => `Pas de ${kindFr(kind)} ${id} dans ce compte à associer`,
    decisionWrongParent: (kind, id) =>
      `${The(kind)} ${id} appartient à une autre compétition ou saison que celle importée`,
    noCompetition: 'Le document ne nomme aucune compétition : associez-le à une compétition existante',
    noSeason: 'Le document ne nomme aucune saison : associez-le à une saison existante',
    nameTaken: (kind, name) =>
      `${The(kind)} « ${name} » existe déjà : associez le nom à celle-ci plutôt que d’en créer une autre`,
    sameTeams: 'Une équipe ne peut pas jouer contre elle-même',
    duplicateFixture: 'Cette rencontre figure deux fois dans le document : seule la première est importée',
    unknownTeam: (ref) => `L’équipe « ${ref} » ne figure pas dans le document`,
    badDate: (value) => `Le coup d’envoi « ${value} » n’est pas une date`,
    documentGone: 'Le document de cet import n’est plus conservé : envoyez-le de nouveau',
  } satisfies Translation<typeof DATA_IMPORT_MESSAGES>,
} as const;
