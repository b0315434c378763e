import type { SEARCH_MESSAGES } from '../accounts.ts';
import type { AUTH_MESSAGES } from '../auth.ts';
import type { CACHE_MESSAGES } from '../cache.ts';
import { CLIP_MAX_SECONDS, type CLIP_MESSAGES } from '../clips.ts';
import type { DATA_PROVIDER_MESSAGES } from '../data-providers.ts';
import type { FIELD_MESSAGES, HTTP_MESSAGES } from '../errors.ts';
import type { EVENT_MESSAGES } from '../events.ts';
import type { JOB_MESSAGES } from '../jobs.ts';
import type { MEDIA_MESSAGES } from '../media.ts';
import type { Translation } from '../messages.ts';
import type { STRIPE_MESSAGES } from '../payments.ts';
import type { ITEM_LINK_MESSAGES } from '../resources/item-links.ts';
import type { PLAYLIST_VIDEO_MESSAGES } from '../resources/playlists.ts';
import type { CRUD_MESSAGES } from '../resources/shapes.ts';
import { ACCOUNT_SEARCH_MIN_CHARS } from '../search.ts';
import { SPORT_MAP_LIMITS, type SPORT_MAP_MESSAGES } from '../sport-maps.ts';
import { IMAGE_KINDS, IMAGE_MAX_BYTES, type UPLOAD_MESSAGES } from '../uploads.ts';
import { SUBTITLE_MAX_BYTES, VIDEO_IMPORT_MAX_REDIRECTS, VIDEO_MAX_BYTES, type VIDEO_MESSAGES } from '../videos.ts';
import { ACTING_SERVER_FR } from './acting.server.fr.ts';
import { ADVERTISING_SERVER_FR } from './advertising.server.fr.ts';
import { AUDIT_SERVER_FR } from './audit.server.fr.ts';
import { CAMERAS_SERVER_FR } from './cameras.server.fr.ts';
import { CHAT_SERVER_FR } from './chat.server.fr.ts';
import { CLIP_RULES_SERVER_FR } from './clip-rules.server.fr.ts';
import { CONFERENCE_MESSAGES_FR } from './conferences.server.fr.ts';
import { DATA_IMPORT_SERVER_FR } from './data-import.server.fr.ts';
import { DATAFEEDS_SERVER_FR } from './datafeeds.server.fr.ts';
import { EXTRAS_SERVER_MESSAGES_FR } from './extras.server.fr.ts';
import { FANS_SERVER_FR } from './fans.server.fr.ts';
import { FEEDS_SERVER_FR } from './feeds.server.fr.ts';
import { GAMES_SERVER_FR } from './games.server.fr.ts';
import { GENERATE_EVENTS_SERVER_FR } from './generate-events.server.fr.ts';
import { GEO_SERVER_FR } from './geo.server.fr.ts';
import { INSIGHTS_SERVER_FR } from './insights.server.fr.ts';
import { LIVE_SERVER_FR } from './live.server.fr.ts';
import { MATCH_SERVER_FR } from './match.server.fr.ts';
import { PUBLICATIONS_SERVER_FR } from './publications.server.fr.ts';
import { QUERY_BUILDER_SERVER_FR } from './query-builder.server.fr.ts';
import { SIMULCAST_SERVER_FR } from './simulcast.server.fr.ts';
import { SOCIAL_SERVER_FR } from './social.server.fr.ts';
import { TRIVIA_SERVER_FR } from './trivia.server.fr.ts';
import { VERTICAL_SERVER_FR } from './vertical.server.fr.ts';
import { VIEWER_ACCESS_SERVER_FR } from './viewer-access.server.fr.ts';
import { WATERMARK_SERVER_FR } from './watermark.server.fr.ts';

/** Words of the messages' parameters that are English themselves (states, item types). */
const WORDS: Readonly<Record<string, string>> = {
  uploading: 'en cours d’envoi',
  uploaded: 'envoyée',
  processing: 'en cours d’encodage',
  ready: 'prête',
  failed: 'en échec',
  cancelled: 'annulée',
  waiting: 'en attente',
  in_progress: 'en cours',
  done: 'terminé',
  open: 'ouvert',
  completed: 'terminé',
  aborted: 'abandonné',
  expired: 'expiré',
  video: 'vidéo',
  playlist: 'playlist',
  event: 'événement',
  en: 'anglais',
  fr: 'français',
};
const word = (value: string) => WORDS[value] ?? value;

/** The generic calls refused on data-provider mappings (spec §5), in French. */
const OPERATIONS_FR = {
  create: 'création',
  find: 'lecture',
  findAll: 'liste',
  update: 'modification',
  delete: 'suppression',
} as const;

/**
 * The server's messages in French (see messages.ts). Typed from the English catalogs: a message
 * added there without its French here does not compile.
 */
export const SERVER_MESSAGES_FR = {
  ...EXTRAS_SERVER_MESSAGES_FR,
  ...DATAFEEDS_SERVER_FR,
  CONFERENCE_MESSAGES: CONFERENCE_MESSAGES_FR,
  ...INSIGHTS_SERVER_FR,
  ...SIMULCAST_SERVER_FR,
  ...CHAT_SERVER_FR,
  ...DATA_IMPORT_SERVER_FR,
  ...TRIVIA_SERVER_FR,
  ...GAMES_SERVER_FR,
  ...CAMERAS_SERVER_FR,
  ...FANS_SERVER_FR,
  ...QUERY_BUILDER_SERVER_FR,
  ...LIVE_SERVER_FR,
  ...CLIP_RULES_SERVER_FR,
  ...MATCH_SERVER_FR,
  ...FEEDS_SERVER_FR,
  ...GENERATE_EVENTS_SERVER_FR,
  ...AUDIT_SERVER_FR,
  ...ACTING_SERVER_FR,
  ...VERTICAL_SERVER_FR,
  ...GEO_SERVER_FR,
  ...VIEWER_ACCESS_SERVER_FR,
  ...WATERMARK_SERVER_FR,
  ...ADVERTISING_SERVER_FR,
  ...SOCIAL_SERVER_FR,
  ...PUBLICATIONS_SERVER_FR,
  SEARCH_MESSAGES: {
    noParam: 'Recherche : aucun critère de recherche fourni',
    tooShort: `Recherche : le nom doit comporter au moins ${ACCOUNT_SEARCH_MIN_CHARS} caractères`,
    notSearchField: (resource) => `Ce champ ne sert pas à la recherche dans ${resource}`,
    unknownEntity: (entity) => `Recherche : entité inconnue ${entity}`,
  } satisfies Translation<typeof SEARCH_MESSAGES>,
  STRIPE_MESSAGES: {
    notConfigured: 'Stripe n’est pas configuré',
    failed: (detail) => `Stripe n’a pas répondu : ${detail}`,
  } satisfies Translation<typeof STRIPE_MESSAGES>,
  SPORT_MAP_MESSAGES: {
    outside: 'Les coordonnées vont de 0 à 1',
    tooFewPoints: `Une zone doit avoir au moins ${SPORT_MAP_LIMITS.minPoints} points`,
    tooManyPoints: `Une zone a au plus ${SPORT_MAP_LIMITS.maxPoints} points`,
    tooManyZones: `Un terrain a au plus ${SPORT_MAP_LIMITS.maxZones} zones`,
    nameTaken: (name) => `Une autre zone s’appelle déjà ${name}`,
    meters: `Indiquez une dimension en mètres, supérieure à 0 et d’au plus ${SPORT_MAP_LIMITS.maxMeters}`,
    unknownMarkerType: (id) => `Aucun type de marqueur ${id} pour ce sport`,
    platformMarkerType:
      'Les types de marqueurs appartiennent aux comptes : les zones d’un sport de la plateforme ne peuvent pas en désigner',
    noDrawing: 'Ce dessin de terrain n’existe pas',
  } satisfies Translation<typeof SPORT_MAP_MESSAGES>,
  AUTH_MESSAGES: {
    invalidCredentials: 'Identifiant ou mot de passe incorrect',
    // 'token' stays in the French text: the web client recognises a dead session by it (spec §8).
    missingToken: 'Jeton d’accès (token) manquant : veuillez vous connecter',
    invalidToken: 'Jeton d’accès (token) invalide ou expiré',
    expiredToken: 'Session expirée, veuillez vous reconnecter (token expiré)',
    notAuthorised: 'Action non autorisée !',
    tooManyLoginAttempts: (minutes) =>
      `Trop de tentatives de connexion échouées. Réessayez dans ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  } satisfies Translation<typeof AUTH_MESSAGES>,
  UPLOAD_MESSAGES: {
    notMultipart: 'Envoyez l’image en multipart/form-data, le fichier dans le champ « file »',
    missingFile: 'Aucun fichier : envoyez l’image dans le champ « file »',
    unknownKind: `Type d’image inconnu : utilisez ${IMAGE_KINDS.join(', ')}`,
    tooLarge: `L’image est trop lourde (limite ${IMAGE_MAX_BYTES / 1024 / 1024} Mio)`,
    unsupportedType: 'Type d’image non pris en charge : envoyez une image PNG, JPEG, WebP, GIF ou SVG',
    emptyFile: 'Le fichier est vide',
    unsafeSvg: 'Les images SVG ne doivent contenir ni scripts, ni gestionnaires d’événements, ni entités externes',
    notFound: 'Image introuvable',
  } satisfies Translation<typeof UPLOAD_MESSAGES>,
  CLIP_MESSAGES: {
    notReady: 'La vidéo n’est pas encore prête',
    outBeyondDuration: (duration) =>
      `Le clip doit se terminer avant la fin de la vidéo (elle dure ${duration.toFixed(2).replace('.', ',')} s)`,
    inNotBeforeOut: 'Le clip doit se terminer après son début',
    tooLong: `Un clip dure au plus ${CLIP_MAX_SECONDS} s`,
    skinNotFound: (id) => `Habillage de clip ${id} introuvable`,
    templateNotFound: (id) => `Modèle de clip ${id} introuvable`,
    eventNotFound: (id) => `Événement ${id} introuvable`,
    markerNotFound: (id) => `Marqueur ${id} introuvable`,
    eventHasNoVideo: (id) => `L’événement ${id} n’a pas de vidéo à découper : choisissez d’abord sa vidéo`,
    markerBeyondVideo: 'Le marqueur se situe après la fin de la vidéo de l’événement',
    notAClip: (id) => `La vidéo ${id} n’est pas un clip`,
    sourceDeleted: 'La vidéo source a été supprimée avant la découpe du clip',
    skinImageMissing: (key) => `L’image d’habillage ${key} est absente du stockage`,
    notLive: 'Seul un contenu en direct peut être découpé en direct',
    liveNothingRecorded: 'Rien du direct n’est encore enregistré : attendez que les caméras envoient des images',
    outsideLiveWindow: (from, to) =>
      `Le clip doit se situer dans la fenêtre d’enregistrement du direct : de ${from.toFixed(2).replace('.', ',')} s à ${to.toFixed(2).replace('.', ',')} s après son début`,
    liveRecordingMissing: 'L’enregistrement du direct de ce clip n’est plus disponible',
  } satisfies Translation<typeof CLIP_MESSAGES>,
  VIDEO_MESSAGES: {
    notFound: (id) => `Vidéo ${id} introuvable`,
    uploadNotFound: (uploadId) => `Envoi ${uploadId} introuvable`,
    uploadExpired: (uploadId) => `L’envoi ${uploadId} a expiré : recommencez l’envoi`,
    uploadClosed: (uploadId, state) => `L’envoi ${uploadId} est ${word(state)} : plus aucune partie n’est acceptée`,
    uploadDifferentFile: 'Cet envoi concerne un autre fichier (nom ou taille différents) : commencez un nouvel envoi',
    tooLarge: `Le fichier est trop lourd (limite ${VIDEO_MAX_BYTES / 1024 ** 3} Gio)`,
    badPartNumber: (partNumber, parts) =>
      `La partie ${partNumber} n’existe pas : cet envoi comporte les parties 1 à ${parts}`,
    badPartLength: (partNumber, expected, received) =>
      `La partie ${partNumber} doit faire ${expected} octets, ${received} ont été envoyés`,
    partContentType: 'Envoyez la partie en application/octet-stream',
    missingParts: (missing) =>
      `Parties manquantes : ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''} ; envoyez-les, puis terminez à nouveau`,
    videoHasFile: (id, state) =>
      `La vidéo ${id} a déjà son fichier (elle est ${word(state)}) : créez une autre vidéo pour envoyer un autre fichier`,
    noOriginal: (id) => `La vidéo ${id} n’a pas encore de fichier original`,
    downloadLinkExpired: 'Ce lien de téléchargement a expiré : téléchargez à nouveau la vidéo depuis sa page',
    importScheme: 'Seules les URL http et https peuvent être importées',
    importBadUrl: 'URL non valide',
    importUnresolved: (host) => `L’hôte ${host} est introuvable`,
    importRefused: (host, address) =>
      `Refusé : ${host} pointe vers ${address}, une adresse privée, de bouclage, locale au lien ou non publique`,
    importTooManyRedirects: `Trop de redirections (plus de ${VIDEO_IMPORT_MAX_REDIRECTS})`,
    importHttpStatus: (status) => `Le serveur a répondu HTTP ${status}`,
    importTooLarge: (limit) => `Le fichier dépasse la limite d’import (${limit} octets)`,
    importTimedOut: (seconds) => `Le téléchargement a duré plus de ${seconds} s`,
    subtitlesNotFound: (id, language) => `La vidéo ${id} n’a pas de sous-titres en ${word(language)}`,
    subtitlesTooLarge: `Les sous-titres sont limités à ${SUBTITLE_MAX_BYTES / 1024 / 1024} Mio`,
    subtitlesContentType:
      'Envoyez les sous-titres en text/vtt, application/x-subrip ou JSON ({format, content} ou une liste de répliques)',
    uploadNotCompleted: 'L’envoi n’a pas été terminé à temps',
    mediaNotFound: 'Fichier média introuvable',
    originalMissing: 'Le fichier original est absent du stockage',
    importStalled: 'Le serveur a cessé d’envoyer des données',
    importCutShort: (bytes, size) => `Le téléchargement s’est arrêté après ${bytes} octets sur ${size}`,
    subtitleMistake: (line, mistake) => `Ligne ${line} : ${mistake}`,
    subtitleMistakeAlone: (mistake) => mistake,
    encodeStillRunning: (id) => `La vidéo ${id} est déjà en cours d’encodage`,
  } satisfies Translation<typeof VIDEO_MESSAGES>,
  DATA_PROVIDER_MESSAGES: {
    notAvailable: (operation) =>
      `Correspondance de fournisseur de données, ${OPERATIONS_FR[operation]} : non disponible`,
  } satisfies Translation<typeof DATA_PROVIDER_MESSAGES>,
  JOB_MESSAGES: {
    notFound: (id) => `Tâche ${id} introuvable`,
    notFailed: (id, state) => `La tâche ${id} est ${word(state)} : seule une tâche en échec peut être relancée`,
    cancelled: 'Annulée',
    leaseExpired: 'Le processus qui exécutait cette tâche s’est arrêté avant la fin, et aucune tentative ne reste',
    unknownType: (type) => `Aucun processus ne connaît le type de tâche « ${type} »`,
    notActive: (id, state) =>
      `La tâche ${id} est ${word(state)} : seule une tâche en attente ou en cours peut être annulée`,
    notYourType: (id, type) => `Vos rôles ne permettent pas d’annuler la tâche ${id} (${type})`,
    badJobId: (id) => `Un identifiant de tâche est un nombre entier positif, pas « ${id} »`,
    failed: (detail) => `La tâche a échoué : ${detail}`,
    failedUnknown: 'La tâche a échoué',
    shuttingDown: 'Arrêt du processus en cours',
    timedOut: (seconds) => `Délai dépassé après ${String(seconds).replace('.', ',')} s`,
    invalidPayload: (detail) => `Données de tâche non valides : ${detail}`,
  } satisfies Translation<typeof JOB_MESSAGES>,
  ITEM_LINK_MESSAGES: {
    notServed: (itemType) =>
      `Les éléments de type ${word(itemType)} ne peuvent pas encore être liés : cette partie de la plateforme n’est pas disponible`,
    unknownItem: (itemType, id) => `Aucun(e) ${word(itemType)} ${id} dans ce compte`,
    duplicate: 'Cet élément est déjà lié',
    linkNotFound: (id) => `Élément lié ${id} introuvable`,
  } satisfies Translation<typeof ITEM_LINK_MESSAGES>,
  PLAYLIST_VIDEO_MESSAGES: {
    twice: (videoId) => `La vidéo ${videoId} figure deux fois`,
    unknownVideo: (videoId) => `Aucune vidéo ${videoId} dans ce compte`,
  } satisfies Translation<typeof PLAYLIST_VIDEO_MESSAGES>,
  CRUD_MESSAGES: {
    notFound: (label, id) => `${label} ${id} introuvable`,
    duplicate: (field) => `Cette valeur de ${field} est déjà utilisée`,
    duplicateWith: (field, others) => `Cette valeur de ${field} est déjà utilisée avec la même valeur de ${others}`,
    stillReferenced: (label) => `Cet élément (${label}) est encore utilisé et ne peut pas être supprimé`,
    unknownRelation: (relation, known) =>
      `Impossible de développer ${relation} : ${known.length ? `développez l’une de ${known.join(', ')}` : 'rien à développer ici'}`,
    invalidCursor: 'Curseur non valide : utilisez le nextCursor d’une liste triée de la même façon',
    unknownLanguage: (languageId) => `Langue ${languageId} inconnue`,
    notTranslatable: (field) => `${field} n’est pas traduisible`,
    translationNotFound: (languageId) => `Aucune traduction pour la langue ${languageId}`,
    unknownReference: (field) => `${field} désigne un enregistrement qui n’existe pas`,
    unknownLinked: (field, missing) => `${field} inconnu(s) : ${missing.join(', ')}`,
    roleNeedsModules: (role, modules) =>
      `Le rôle ${role} demande l’un des modules ${modules.join(', ')}, que le compte n’a pas`,
  } satisfies Translation<typeof CRUD_MESSAGES>,
  CACHE_MESSAGES: {
    unknownKey: (key) => `Clé de cache inconnue ${key} : utilisez all, admin-payload ou admin-payload:<accountId>`,
  } satisfies Translation<typeof CACHE_MESSAGES>,
  HTTP_MESSAGES: {
    validationFailed: 'La validation a échoué',
    unknownField: 'Champ inconnu',
    invalidValue: 'Valeur non valide',
    invalidValueInRequest: 'Valeur non valide dans la requête',
    unexpected: 'Une erreur inattendue s’est produite',
    unavailable: 'Le service est momentanément indisponible : réessayez dans quelques secondes',
    malformedJson: 'Corps JSON mal formé',
    bodyTooLarge: (limitMiB) => `Le corps de la requête est trop volumineux (limite ${limitMiB} Mio)`,
    unsupportedMediaType: 'Type de contenu non pris en charge : envoyez du JSON (application/json)',
    contentLengthMismatch: 'La longueur du corps ne correspond pas à son en-tête Content-Length',
    rangeNotSatisfiable: 'Plage non satisfiable',
    routeNotFound: (method, path) => `Route ${method} ${path} introuvable`,
    unsupportedVersion: (version, served) =>
      `Version d’API « ${version} » non prise en charge : cette API sert la ${served}`,
    userNotFound: (id) => `Utilisateur ${id} introuvable`,
    accountNotFound: (id) => `Compte ${id} introuvable`,
    groupNotFound: (id) => `Groupe ${id} introuvable`,
    deleteSelf: 'Vous ne pouvez pas supprimer votre propre utilisateur',
    deleteOwnAccount: 'Vous ne pouvez pas supprimer le compte auquel vous appartenez',
    accountSportNotSeen: (sportId) =>
      `Le sport ${sportId} n’est ni un sport de la plateforme ni un sport propre à ce compte`,
    noSprite: (filename, sportId) => `Aucun sprite ${filename} pour le sport ${sportId}`,
    mediaLinkExpired: 'Ce lien média a expiré ou n’est pas valide : rechargez la page pour en obtenir un nouveau',
    // The words of the framework or plugin that refused the request: not ours to translate.
    clientError: (detail) => detail,
  } satisfies Translation<typeof HTTP_MESSAGES>,
  MEDIA_MESSAGES: {
    notVideo: (reason) => `Le fichier n’est pas une vidéo que ffmpeg sait lire : ${reason}`,
    missing: (path) => `Le fichier n’existe pas : ${path}`,
    notInstalled: (binary) => `${binary} n’est pas installé ou n’est pas dans le PATH`,
    badCut: (inSeconds, outSeconds, durationSeconds) =>
      `Une découpe doit commencer avant sa fin et rester dans la vidéo (demandé ${inSeconds}–${outSeconds} s sur ${durationSeconds} s)`,
    toolFailed: (command, exitCode, stderrTail) =>
      `${command} a échoué (code de sortie ${exitCode ?? 'aucun'}) : ${stderrTail || 'aucune sortie d’erreur'}`,
    outsideDataDir: 'Le chemin doit rester dans le dossier de données',
  } satisfies Translation<typeof MEDIA_MESSAGES>,
  FIELD_MESSAGES: {
    uploadId: 'Identifiant d’envoi non valide',
    contentType: 'Type de contenu non valide',
    cueOrder: 'Une réplique doit se terminer après son début',
    imageKey: 'Clé d’image envoyée non valide',
    username: 'Utilisez uniquement des lettres, des chiffres et . _ @ + -',
    hexColor: 'Utilisez une couleur comme #0ACAFF',
    defaultLanguage: 'La langue par défaut doit faire partie des langues disponibles',
    seasonDates: 'La date de fin doit être égale ou postérieure à la date de début',
    countryCode: 'Utilisez un code pays à deux lettres, comme FR ou GB',
    topic: 'Un sujet est /admin, /admin/<nom>… pouvant se terminer par /* ou /**',
    dateRange: 'Utilisez une plage de dates, début..fin (l’une des deux bornes peut manquer)',
  } satisfies Translation<typeof FIELD_MESSAGES>,
  EVENT_MESSAGES: {
    endBeforeStart: 'La fin doit être postérieure au début',
    sameChallenger: 'Les équipes ou joueurs à domicile et à l’extérieur doivent être différents',
    seasonWithoutCompetition: 'Choisissez la compétition avant sa saison',
    seasonOfOtherCompetition: (seasonId, competitionId) =>
      `La saison ${seasonId} n’appartient pas à la compétition ${competitionId}`,
    roundWithoutSeason: 'Choisissez la saison avant sa journée',
    roundOfOtherSeason: (roundId, seasonId) => `La journée ${roundId} n’appartient pas à la saison ${seasonId}`,
    moduleNotInAccount: (modules) =>
      modules.length > 1
        ? `Le compte n’a pas les modules ${modules.join(', ')}`
        : `Le compte n’a pas le module ${modules.join(', ')}`,
    duplicateChallenger: (id) => `Le participant ${id} figure deux fois`,
    unknownChallengers: (ids) => `Participants inconnus : ${ids.join(', ')}`,
    markerTypeOfOtherSport: (type) =>
      `Le type de marqueur « ${type} » appartient à un autre sport : choisissez-en un du sport de l’événement`,
  } satisfies Translation<typeof EVENT_MESSAGES>,
};
