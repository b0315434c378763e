import { CHAT_LIMITS, type CHAT_MESSAGES, CHAT_VIEWER_HEADER } from '../chat.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the chat's messages (spread into server.fr.ts); fans read some of them. */
export const CHAT_SERVER_FR = {
  CHAT_MESSAGES: {
    notFound: (id) => `Chat ${id} introuvable`,
    messageNotFound: (id) => `Message de chat ${id} introuvable`,
    inactive: 'Le chat n’est pas activé sur cet événement : activez le module CHAT dans ses réglages',
    closed: 'Ce chat est fermé',
    banned: 'Vous ne pouvez plus écrire dans ce chat : un modérateur vous a banni',
    slowMode: (seconds) => `Mode lent activé : attendez ${seconds} s avant d’envoyer un autre message`,
    blockedWord: 'Votre message contient un mot interdit dans ce chat',
    blockedNickname: 'Votre pseudo contient un mot interdit dans ce chat',
    tooManyPosts: 'Trop de messages envoyés depuis cette adresse : réessayez dans une minute',
    tooManyPostsOfViewer: 'Vous avez envoyé trop de messages : réessayez dans une minute',
    tooManyPinned: `Au plus ${CHAT_LIMITS.pinnedMax} messages peuvent être épinglés : désépinglez-en un d’abord`,
    addressBanned:
      'Vous ne pouvez pas écrire dans ce chat depuis ce réseau : un modérateur a banni un spectateur qui l’utilisait',
    viewerTokenMissing: `Votre laissez-passer de chat manque : rechargez la page pour en obtenir un (en-tête ${CHAT_VIEWER_HEADER})`,
    viewerTokenInvalid:
      'Votre laissez-passer de chat n’est pas valable pour ce chat ou a expiré : rechargez la page pour en obtenir un nouveau',
    tooManyViewerTokens: 'Trop de laissez-passer de chat demandés depuis cette adresse : réessayez dans une minute',
    notBanned: (viewerId) => `Le spectateur ${viewerId} n’est pas banni de ce chat`,
    unknownViewer: (viewerId) => `Le spectateur ${viewerId} n’a jamais écrit dans ce chat`,
    unknownNickname: (nickname) => `Personne n’a écrit sous le pseudo ${nickname} dans ce chat`,
    nothingToChange: 'Indiquez quoi modifier : l’état ou l’épinglage',
    beforeOrAfter: 'Paginez avec before ou after, pas les deux',
    badCursor:
      'Le curseur du chat doit être un identifiant de message et une heure en millisecondes joints par un tiret, tels que la lecture du chat ou son flux les ont donnés',
  } satisfies Translation<typeof CHAT_MESSAGES>,
} as const;
