import { EMBED_LANG_PARAM } from '@regie/contract/embed';

/**
 * The embed page's own few words, in English and French (it loads none of the back-office's
 * catalogs): the language is the page's `lang` query, else the browser's.
 */
const MESSAGES = {
  en: {
    loading: 'Loading…',
    notFound: 'This player does not exist.',
    notAvailable: 'This video is not available.',
    failed: 'The video could not be loaded.',
    chapters: 'Chapters',
    timeline: 'Chapters on the timeline',
    jumpTo: 'Go to {title} at {time}',
    untitled: 'Chapter',
    video: 'Video: {title}',
    chatTitle: 'Chat',
    chatMessages: 'Chat messages',
    chatNickname: 'Your nickname',
    chatMessage: 'Your message',
    chatSend: 'Send',
    chatPinned: 'Pinned',
    chatFailed: 'Your message could not be sent. Try again.',
    chatClosed: 'The chat is closed.',
  },
  fr: {
    loading: 'Chargement…',
    notFound: 'Ce lecteur n’existe pas.',
    notAvailable: 'Cette vidéo n’est pas disponible.',
    failed: 'La vidéo n’a pas pu être chargée.',
    chapters: 'Chapitres',
    timeline: 'Chapitres sur la ligne de temps',
    jumpTo: 'Aller à {title} à {time}',
    untitled: 'Chapitre',
    video: 'Vidéo : {title}',
    chatTitle: 'Chat',
    chatMessages: 'Messages du chat',
    chatNickname: 'Votre pseudo',
    chatMessage: 'Votre message',
    chatSend: 'Envoyer',
    chatPinned: 'Épinglé',
    chatFailed: 'Votre message n’a pas pu être envoyé. Réessayez.',
    chatClosed: 'Le chat est fermé.',
  },
} as const;

export type EmbedLanguage = keyof typeof MESSAGES;
export type EmbedMessageKey = keyof (typeof MESSAGES)['en'];

function isLanguage(value: string): value is EmbedLanguage {
  return value === 'en' || value === 'fr';
}

/** `lang` of the query when it is one of ours, else the browser's first language we speak, else English. */
export function pickLanguage(search: string, browser: readonly string[]): EmbedLanguage {
  const asked = new URLSearchParams(search).get(EMBED_LANG_PARAM)?.toLowerCase() ?? '';
  if (isLanguage(asked)) return asked;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function translator(language: EmbedLanguage) {
  return (key: EmbedMessageKey, values: Record<string, string> = {}) =>
    MESSAGES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
export type EmbedTranslate = ReturnType<typeof translator>;
