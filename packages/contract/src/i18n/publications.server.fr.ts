// Imported for its catalog's registration (catalogNames), not only for its type.
import '../publications.ts';
import type { Translation } from '../messages.ts';
import type { PUBLICATION_MESSAGES } from '../publications.ts';

/** The French twin of the publications' messages (spread into server.fr.ts). */
export const PUBLICATIONS_SERVER_FR = {
  PUBLICATION_MESSAGES: {
    notLinked: (platform) =>
      `Vous n’avez pas de compte ${platform} associé : associez-le dans Paramètres › Réseaux sociaux`,
    linkNotActive: (platform) =>
      `Votre association ${platform} ne fonctionne plus : reconnectez-la dans Paramètres › Réseaux sociaux`,
    targetNeeded: (platform) =>
      `Choisissez la page ou la chaîne où publie votre association ${platform} dans Paramètres › Réseaux sociaux`,
    videoNotReady: 'La vidéo doit être prête (encodée) avant d’être publiée',
    tooLong: (platform, limit, duration) =>
      `${platform} accepte des vidéos de ${limit} au plus : celle-ci dure ${duration}`,
    tooShort: (platform, limit, duration) =>
      `${platform} accepte des vidéos de ${limit} au moins : celle-ci dure ${duration}`,
    tooBig: (platform, limit) => `${platform} accepte des fichiers de ${limit} au plus : cette vidéo est plus lourde`,
    titleTooLong: (platform, limit, length) =>
      `Les titres ${platform} ont ${limit} caractères au plus : celui-ci en a ${length}`,
    titleNeeded: (platform) => `${platform} demande un titre`,
    captionTooLong: (platform, limit, length) =>
      `Les légendes ${platform} ont ${limit} caractères au plus, comptés comme ${platform} les compte : celle-ci en a ${length}`,
    tooManyHashtags: (platform, limit, count) =>
      `${platform} accepte ${limit} hashtags au plus : cette légende en a ${count}`,
    wrongAspect: (platform, aspects) => `${platform} n’accepte que ces formats : ${aspects}`,
    twiceSamePlatform: (platform) => `${platform} est choisi deux fois : publiez une fois par plateforme`,
    scheduleInPast: 'L’heure prévue est passée : choisissez une heure plus tardive, ou publiez maintenant',
    notFound: (id) => `Aucune publication ${id} dans ce compte`,
    cannotCancel: (state) => `Une publication à l’état ${state} ne peut plus être annulée`,
    notAwaitingApproval: (state) =>
      `Seule une publication en attente de validation peut être validée ou refusée (celle-ci est à l’état ${state})`,
    cannotRetry: (state) =>
      `Seule une publication en échec ou annulée peut être relancée (celle-ci est à l’état ${state})`,
  } satisfies Translation<typeof PUBLICATION_MESSAGES>,
};
