import type { EMBED_MESSAGES } from '../embed.ts';
import type { Translation } from '../messages.ts';
import { STATS_MAX_BUCKETS, STATS_MAX_DAYS, type STATS_MESSAGES } from '../stats.ts';

/** The French of the embed and stats server messages, spread into server.fr.ts. */
export const INSIGHTS_SERVER_FR = {
  EMBED_MESSAGES: {
    notFound: 'Ce lecteur n’existe pas',
    tooManyPlays: 'Trop de lectures signalées depuis cette adresse : réessayez dans une minute',
    tooManyPlaysOfView: 'Cet affichage de la page a signalé sa lecture trop de fois : réessayez dans une minute',
    pageNotBuilt: 'La page du lecteur intégré n’est pas construite : lancez npm run build',
    noGames: 'Ce lecteur n’a pas de jeux pour les fans',
    nothingToPlay: 'Rien ne se joue sur ce lecteur pour le moment',
  } satisfies Translation<typeof EMBED_MESSAGES>,
  STATS_MESSAGES: {
    fromAfterTo: 'La période doit se terminer après son début',
    tooLong: `Une période dure au plus ${STATS_MAX_DAYS} jours`,
    tooManyBuckets: (buckets) =>
      `Cet intervalle découpe la période en ${buckets} points (au plus ${STATS_MAX_BUCKETS}) : choisissez-en un plus long`,
  } satisfies Translation<typeof STATS_MESSAGES>,
};
