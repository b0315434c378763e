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
    geoRefused: 'This video is not available in your country.',
    poweredBy: 'Powered by Regie',
    gamesTitle: 'Games',
    gamesSignInHint: 'Sign in to play.',
    fanEmail: 'Email',
    fanPassword: 'Password',
    fanNickname: 'Nickname',
    fanSignIn: 'Sign in',
    fanSignUp: 'Create my account',
    fanToSignUp: 'No account yet? Create one',
    fanToSignIn: 'Already have an account? Sign in',
    fanCodeSent: 'We sent a code to {email}: enter it to confirm your account.',
    fanCode: 'Code from the email',
    fanConfirm: 'Confirm',
    fanSignOut: 'Sign out',
    fanFailed: 'That did not work. Try again.',
    motmTitle: 'Man of the match',
    motmCandidates: 'Your man of the match',
    motmVote: 'Vote',
    motmThanks: 'Thanks, your vote is counted.',
    motmYourVote: 'Your vote: {name}',
    motmClosed: 'Voting is not open.',
    motmNone: 'No vote on this match yet.',
    motmResults: 'Results',
    motmResult: '{name}: {percent}%',
    predictorTitle: 'Score predictor',
    predictorScore: '{team} score',
    predictorHome: 'Home team',
    predictorAway: 'Away team',
    predictorSave: 'Save my prediction',
    predictorYours: 'Your prediction: {home}–{away}',
    predictorLocked: 'Predictions are closed.',
    predictorNone: 'No predictor on this match.',
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
    geoRefused: 'Cette vidéo n’est pas disponible dans votre pays.',
    poweredBy: 'Propulsé par Regie',
    gamesTitle: 'Jeux',
    gamesSignInHint: 'Connectez-vous pour jouer.',
    fanEmail: 'E-mail',
    fanPassword: 'Mot de passe',
    fanNickname: 'Pseudo',
    fanSignIn: 'Se connecter',
    fanSignUp: 'Créer mon compte',
    fanToSignUp: 'Pas encore de compte ? Créez-en un',
    fanToSignIn: 'Déjà un compte ? Connectez-vous',
    fanCodeSent: 'Nous avons envoyé un code à {email} : saisissez-le pour confirmer votre compte.',
    fanCode: 'Code reçu par e-mail',
    fanConfirm: 'Confirmer',
    fanSignOut: 'Se déconnecter',
    fanFailed: 'Cela n’a pas fonctionné. Réessayez.',
    motmTitle: 'Homme du match',
    motmCandidates: 'Votre homme du match',
    motmVote: 'Voter',
    motmThanks: 'Merci, votre vote est pris en compte.',
    motmYourVote: 'Votre vote : {name}',
    motmClosed: 'Le vote n’est pas ouvert.',
    motmNone: 'Pas encore de vote pour ce match.',
    motmResults: 'Résultats',
    motmResult: '{name} : {percent} %',
    predictorTitle: 'Pronostic du score',
    predictorScore: 'Score de {team}',
    predictorHome: 'l’équipe à domicile',
    predictorAway: 'l’équipe à l’extérieur',
    predictorSave: 'Enregistrer mon pronostic',
    predictorYours: 'Votre pronostic : {home}–{away}',
    predictorLocked: 'Les pronostics sont clos.',
    predictorNone: 'Pas de pronostic pour ce match.',
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
