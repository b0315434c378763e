import type { gamesEn } from './games.en.ts';

/** Messages français des réglages des jeux (account/gamification), intégrés à fr.ts. */
export const gamesFr: Record<keyof typeof gamesEn, string> = {
  'games.settings.trivia.intro':
    'Comment démarrent les nouvelles questions de quiz et ce que les fans voient des classements. Barème : une bonne réponse rapporte les points de la question, tous s’il répond tout de suite, la moitié à la dernière seconde ; chaque bonne réponse d’affilée ajoute 10 %, jusqu’à 50 %.',
  'games.settings.predictor.intro':
    'Comment les pronostics sont notés et quand ils se ferment. Les points sont calculés une fois le résultat du match saisi.',
  'games.settings.motm.intro':
    'Quand les fans votent pour l’homme du match et ce qu’ils voient. Chaque fan vote une fois.',
  'games.settings.save': 'Enregistrer les réglages',
  'games.settings.saved': 'Réglages enregistrés.',
  'games.settings.error': 'Impossible de charger les réglages.',
  'games.settings.field.defaultTimerSeconds': 'Temps de réponse (secondes)',
  'games.settings.field.defaultTimerSeconds.hint': 'Pour les nouvelles questions ; chacune peut avoir le sien.',
  'games.settings.field.defaultPoints': 'Points par question',
  'games.settings.field.defaultPoints.hint': 'Pour les nouvelles questions ; chacune peut avoir les siens.',
  'games.settings.field.streakBonus': 'Bonus de série',
  'games.settings.field.streakBonus.hint': '+10 % par bonne réponse d’affilée, jusqu’à +50 %.',
  'games.settings.field.showRankingsToFans': 'Montrer les classements aux fans',
  'games.settings.field.showRankingsToFans.hint': 'Dans le lecteur et les applications.',
  'games.settings.field.rankingSize': 'Fans affichés par classement',
  'games.settings.field.rankingSize.hint': 'Le haut de chaque classement public.',
  'games.settings.field.exactScorePoints': 'Points pour le score exact',
  'games.settings.field.exactScorePoints.hint': 'Les buts des deux équipes justes.',
  'games.settings.field.rightResultPoints': 'Points pour le bon résultat',
  'games.settings.field.rightResultPoints.hint': 'Le bon vainqueur, ou un nul, sans le score exact.',
  'games.settings.field.lockMinutesBeforeKickoff': 'Fermer les pronostics avant le coup d’envoi (minutes)',
  'games.settings.field.lockMinutesBeforeKickoff.hint': '0 les ferme au coup d’envoi.',
  'games.settings.field.showTrendsToFans': 'Montrer aux fans les pronostics des autres',
  'games.settings.field.showTrendsToFans.hint': 'Une fois les pronostics fermés.',
  'games.settings.field.votingMinutesAfterEnd': 'Le vote reste ouvert après le match (minutes)',
  'games.settings.field.votingMinutesAfterEnd.hint': '0 ferme le vote au coup de sifflet final.',
  'games.settings.field.openAtKickoff': 'Ouvrir le vote au coup d’envoi',
  'games.settings.field.openAtKickoff.hint': 'Sinon le vote s’ouvre à la fin du match.',
  'games.settings.field.showLiveResults': 'Montrer les résultats pendant le vote',
  'games.settings.field.showLiveResults.hint': 'Sinon les fans les voient une fois le vote fermé.',
};
