import { type FEED_MESSAGES, megabytes as megaOctets } from '../feeds.messages.ts';
import { FEED_MAX_BYTES } from '../feeds.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the provider adapters' messages (spread into server.fr.ts). */
export const FEEDS_SERVER_FR = {
  FEED_MESSAGES: {
    unknownProvider: (provider, known) =>
      `Fournisseur de données inconnu « ${provider} » : les fournisseurs sont ${known}`,
    tooLarge: (bytes) =>
      `Le document est trop volumineux (${megaOctets(bytes)} Mo) : la limite est de ${megaOctets(FEED_MAX_BYTES)} Mo`,
    empty: 'Le document est vide',
    binary:
      'Le document n’est pas du texte (il contient des données binaires) : envoyez le fichier JSON ou CSV du fournisseur',
    notUtf8: 'Le document n’est pas du texte UTF-8 : enregistrez-le en UTF-8 et envoyez-le à nouveau',
    truncatedJson: (line, column) =>
      `Le document JSON s’arrête trop tôt, ligne ${line}, colonne ${column} : il semble tronqué`,
    invalidJson: (line, column, near) =>
      `Le document n’est pas du JSON valide : texte inattendu ligne ${line}, colonne ${column} (près de « ${near} »)`,
    badTimeZone: (zone) => `Fuseau horaire inconnu « ${zone} » : indiquez un nom IANA comme Europe/Paris`,
    notOpenfootball:
      'Ce n’est pas un document football.json d’openfootball : il faut un objet avec une liste « matches » (ou l’ancienne liste « rounds »)',
    notOpenfootballList: (path) =>
      `Ce n’est pas un document football.json d’openfootball : ${path} n’est pas une liste`,
    notStatsbomb:
      'Ce n’est pas un fichier d’événements StatsBomb : il faut la liste des événements d’un match (chacun avec un type et une période), ou un objet avec « events » et « lineups »',
    notStatsbombLineups: (path) =>
      `Ce n’est pas un fichier de compositions StatsBomb : ${path} doit être une liste d’équipes, chacune avec team_id, team_name et lineup`,
    csvMappingRequired:
      'Associez d’abord les colonnes du CSV : chaque champ lu par Regie a besoin de l’en-tête de la colonne qui le contient',
    csvUnknownField: (field, known) =>
      `L’association des colonnes nomme un champ inconnu « ${field} » : les champs sont ${known}`,
    csvFieldRequired: (field) => `Associez le champ « ${field} » à l’une des colonnes du CSV : il est obligatoire`,
    csvColumnMissing: (header, field, headers) =>
      `Le CSV n’a pas de colonne « ${header} » (associée au champ « ${field} ») : ses colonnes sont ${headers}`,
    csvUnclosedQuote: (line, column) =>
      `CSV, ligne ${line}, colonne ${column} : une cellule entre guillemets n’est jamais refermée (le fichier est peut-être tronqué)`,
    csvStrayQuote: (line, column) =>
      `CSV, ligne ${line}, colonne ${column} : un guillemet dans une cellule qui ne commence pas par un guillemet (mettez toute la cellule entre guillemets et doublez ses guillemets)`,
    rowNoDate: 'Le match n’a pas de date',
    rowBadDate: (value) => `Date illisible « ${value} » : écrivez-la AAAA-MM-JJ (ou JJ/MM/AAAA dans un CSV)`,
    rowBadTime: (value) => `Heure du coup d’envoi illisible « ${value} » : écrivez-la HH:mm, suivie si besoin de UTC+1`,
    rowNoTeam: (side) => `Le match n’a pas d’équipe ${side === 'home' ? 'à domicile' : 'à l’extérieur'}`,
    rowSameTeams: (name) => `Le match oppose la même équipe des deux côtés (${name})`,
    rowBadScore: (value) => `Score illisible « ${value} » : un score est un nombre entier`,
    rowBadMinute: (value) => `Minute illisible « ${value} » : une minute est un nombre entier de 0 à 150`,
    rowBadOffset: (value) => `Temps additionnel illisible « ${value} » : c’est un nombre entier de minutes`,
    rowBadPeriod: (value) =>
      `Période illisible « ${value} » : une période vaut 1, 2, 3, 4 (prolongations) ou 5 (tirs au but)`,
    rowBadSecond: (value) => `Seconde illisible « ${value} » : une seconde est un nombre entier de 0 à 59`,
    rowNoScorer: 'Le but n’a pas de nom de buteur',
    rowNoType: 'L’événement n’a pas de type',
    rowNotEvent: 'Ce n’est pas un événement StatsBomb : il faut type.name et une période de 1 à 5',
    rowBadTimestamp: (value) => `Horodatage illisible « ${value} » : StatsBomb l’écrit HH:MM:SS.mmm`,
  } satisfies Translation<typeof FEED_MESSAGES>,
} as const;
