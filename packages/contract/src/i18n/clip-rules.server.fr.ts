import type { CLIP_RULE_MESSAGES } from '../clip-rules.ts';
import type { Translation } from '../messages.ts';

/** The French twin of the clip rules' messages (spread into server.fr.ts). */
export const CLIP_RULES_SERVER_FR = {
  CLIP_RULE_MESSAGES: {
    secondsTotal: 'Gardez au moins quelques secondes avant ou après le marqueur',
    ruleNotFound: (id) => `Règle de clip ${id} introuvable`,
    notPublished: (reasons) => `Le clip a été fait mais n’a pas été publié partout : ${reasons}`,
    authorNotLinked: (platform) =>
      `Vous n’avez pas de liaison ${platform} active : liez ce compte dans Réglages › Réseaux sociaux avant que la règle y publie`,
    nothingToCut: (eventId) =>
      `L’événement ${eventId} n’a ni vidéo ni direct dans lequel couper : aucun clip n’a été fait`,
  } satisfies Translation<typeof CLIP_RULE_MESSAGES>,
};
