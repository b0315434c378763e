// Imported for its catalog's registration (catalogNames), not only for its type.
import '../social.ts';
import type { Translation } from '../messages.ts';
import type { SOCIAL_MESSAGES } from '../social.ts';

/** The French twin of the social links' messages (spread into server.fr.ts). */
export const SOCIAL_SERVER_FR = {
  SOCIAL_MESSAGES: {
    moduleInactive:
      'Les réseaux sociaux demandent le module Partage social : demandez à votre administrateur de l’activer',
    unknownPlatform: (platform) =>
      `Plateforme inconnue ${platform} : utilisez youtube, facebook, instagram, twitter, dailymotion ou tiktok`,
    notConfigured: (platform) =>
      `${platform} n’est pas configuré sur ce serveur : les identifiants de son application manquent`,
    notLinked: (platform) => `Vous n’avez pas de compte ${platform} associé`,
    requestExpired: 'Cette demande d’association a expiré ou a déjà servi : associez le compte à nouveau',
    refusedByUser: (platform) => `Vous n’avez pas autorisé Regie sur ${platform} : rien n’a été associé`,
    refused: (platform, reason) => `${platform} a refusé l’association : ${reason}`,
    postRefused: (platform, reason) => `${platform} a refusé la vidéo : ${reason}`,
    unreachable: (platform, reason) => `${platform} est injoignable : ${reason}`,
    expired: (platform) => `${platform} n’accepte plus cette association : reconnectez-la`,
    revoked: (platform) => `L’accès de Regie a été retiré sur ${platform} : reconnectez l’association`,
    disabled: 'Un administrateur de votre compte a désactivé cette association',
    noTargets: (platform, kind) => `Ce compte ${platform} n’a aucun(e) ${kind} où publier`,
    unknownTarget: (id) => `Aucune page, chaîne ni compte ${id} sur cette association : choisissez-en un dans la liste`,
    noTargetNeeded: (platform) => `${platform} publie sur le compte associé lui-même : rien à choisir`,
    linkNotFound: (id) => `Aucune association sociale ${id} dans ce compte`,
    noSeal: 'Les jetons ne peuvent pas être conservés : ce serveur n’a pas de secret média pour les sceller',
  } satisfies Translation<typeof SOCIAL_MESSAGES>,
};
