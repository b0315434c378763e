import type { Translation } from '../messages.ts';
import type { VERTICAL_MESSAGES } from '../vertical.ts';

/** The French twin of the renditions' messages (spread into server.fr.ts). */
export const VERTICAL_SERVER_FR = {
  VERTICAL_MESSAGES: {
    moduleInactive:
      'Les formats autres que 16:9 demandent le module Vidéo 9:16 : demandez à votre administrateur de l’activer',
    videoNotReady: 'La vidéo doit être prête (encodée) avant d’être rendue dans un autre format',
    sourceAspect: (aspect) => `La vidéo est déjà en ${aspect} : ses propres médias sont son rendu ${aspect}`,
    unknownAspect: (slug) => `Format inconnu ${slug} : utilisez 9x16, 1x1, 4x5 ou 16x9`,
    notRendered: (aspect) => `Cette vidéo n’a pas de rendu ${aspect}`,
    notAnalysed: (aspect) =>
      `Cette vidéo n’a pas encore de trajectoire ${aspect} : rendez-la une fois en ${aspect} pour obtenir sa trajectoire automatique`,
    firstKeyframe: 'La première image clé doit être à 0 s',
    keyframesOrder: 'Les images clés doivent se suivre dans le temps, chacune après la précédente',
    keyframeAfterEnd: (time, duration) => `Une image clé à ${time} s est après la fin de la vidéo (${duration} s)`,
  } satisfies Translation<typeof VERTICAL_MESSAGES>,
};
