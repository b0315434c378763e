import type { ADVERTISING_MESSAGES } from '../advertising.ts';
import type { Translation } from '../messages.ts';

/** The French of advertising's messages (spread into server.fr.ts). */
export const ADVERTISING_SERVER_FR = {
  ADVERTISING_MESSAGES: {
    tagUrl:
      'La balise publicitaire doit être une adresse http(s) d’un document VAST ou VMAP (ou un chemin du serveur publicitaire local)',
    notLive: 'Une coupure publicitaire ne peut être marquée que pendant le direct',
    breakRunning: (secondsLeft) => `Une coupure publicitaire est déjà en cours (encore ${secondsLeft} s)`,
    eventNotFound: (id) => `Événement ${id} introuvable`,
  } satisfies Translation<typeof ADVERTISING_MESSAGES>,
};
