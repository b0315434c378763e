import { EMBED_LANG_PARAM } from '@regie/contract/embed';

/**
 * The embed page's own few words, in English and French (it loads none of the back-office's
 * catalogs): the language is the page's `lang` query, else the browser's.
 */
const MESSAGES = {
  en: {
    loading: 'Loading…',
    notFound: 'This player does not exist.',
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
    upcomingStarts: 'Starts {date}',
    upcomingCountdown: 'Starts in',
    upcomingSoon: 'Starting any moment now.',
    countdownDays: '{days} d',
    live: 'Live',
    goLive: 'Back to live',
    preparingTitle: 'The live is over: the replay is being prepared.',
    preparingProgress: 'Replay preparation',
    preparingDone: '{percent}% done',
    preparingLeft: 'About {minutes} min left',
    preparingUnderMinute: 'Less than a minute left',
    preparingEstimating: 'Working out the time left…',
    reason_not_found: 'This player does not exist.',
    reason_not_published: 'This video is not published yet.',
    reason_embed_off: 'This player cannot be shown on other sites.',
    reason_no_camera: 'The live has started: the picture arrives as soon as a camera sends it.',
    reason_no_replay: 'There is no replay of this video.',
  },
  fr: {
    loading: 'Chargement…',
    notFound: 'Ce lecteur n’existe pas.',
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
    upcomingStarts: 'Début : {date}',
    upcomingCountdown: 'Commence dans',
    upcomingSoon: 'Ça commence d’un instant à l’autre.',
    countdownDays: '{days} j',
    live: 'En direct',
    goLive: 'Revenir au direct',
    preparingTitle: 'Le direct est terminé : le replay est en préparation.',
    preparingProgress: 'Préparation du replay',
    preparingDone: '{percent} % effectués',
    preparingLeft: 'Encore environ {minutes} min',
    preparingUnderMinute: 'Moins d’une minute restante',
    preparingEstimating: 'Calcul du temps restant…',
    reason_not_found: 'Ce lecteur n’existe pas.',
    reason_not_published: 'Cette vidéo n’est pas encore publiée.',
    reason_embed_off: 'Ce lecteur ne peut pas être affiché sur d’autres sites.',
    reason_no_camera: 'Le direct a commencé : l’image arrive dès qu’une caméra l’envoie.',
    reason_no_replay: 'Il n’y a pas de replay de cette vidéo.',
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
