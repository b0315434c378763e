import type { Translation } from '../messages.ts';
import type { WATERMARK_MESSAGES } from '../watermark.ts';

/** The French of the watermark's messages (spread into server.fr.ts). */
export const WATERMARK_SERVER_FR = {
  WATERMARK_MESSAGES: {
    logoType: 'Le logo du filigrane doit être une image PNG, JPEG ou WebP',
    logoMissing: 'Logo introuvable : envoyez-le à nouveau',
    logoUnreadable: (key) => `Le logo du filigrane ${key} a disparu du stockage`,
  } satisfies Translation<typeof WATERMARK_MESSAGES>,
};
