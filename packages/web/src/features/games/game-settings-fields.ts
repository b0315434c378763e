import type { Game, GameSettings } from '@regie/contract/games.settings';
import type { MessageKey } from '@regie/contract/i18n/en';

type FieldName = { [G in Game]: keyof GameSettings[G] }[Game];

/** The label and hint of every settings field of every game (a field without one does not compile). */
export const FIELD_TEXTS: Readonly<Record<FieldName, { label: MessageKey; hint: MessageKey }>> = {
  defaultTimerSeconds: {
    label: 'games.settings.field.defaultTimerSeconds',
    hint: 'games.settings.field.defaultTimerSeconds.hint',
  },
  defaultPoints: { label: 'games.settings.field.defaultPoints', hint: 'games.settings.field.defaultPoints.hint' },
  streakBonus: { label: 'games.settings.field.streakBonus', hint: 'games.settings.field.streakBonus.hint' },
  showRankingsToFans: {
    label: 'games.settings.field.showRankingsToFans',
    hint: 'games.settings.field.showRankingsToFans.hint',
  },
  rankingSize: { label: 'games.settings.field.rankingSize', hint: 'games.settings.field.rankingSize.hint' },
  exactScorePoints: {
    label: 'games.settings.field.exactScorePoints',
    hint: 'games.settings.field.exactScorePoints.hint',
  },
  rightResultPoints: {
    label: 'games.settings.field.rightResultPoints',
    hint: 'games.settings.field.rightResultPoints.hint',
  },
  lockMinutesBeforeKickoff: {
    label: 'games.settings.field.lockMinutesBeforeKickoff',
    hint: 'games.settings.field.lockMinutesBeforeKickoff.hint',
  },
  showTrendsToFans: {
    label: 'games.settings.field.showTrendsToFans',
    hint: 'games.settings.field.showTrendsToFans.hint',
  },
  votingMinutesAfterEnd: {
    label: 'games.settings.field.votingMinutesAfterEnd',
    hint: 'games.settings.field.votingMinutesAfterEnd.hint',
  },
  openAtKickoff: { label: 'games.settings.field.openAtKickoff', hint: 'games.settings.field.openAtKickoff.hint' },
  showLiveResults: {
    label: 'games.settings.field.showLiveResults',
    hint: 'games.settings.field.showLiveResults.hint',
  },
};

export const GAME_INTROS: Readonly<Record<Game, MessageKey>> = {
  trivia: 'games.settings.trivia.intro',
  predictor: 'games.settings.predictor.intro',
  motm: 'games.settings.motm.intro',
};

export function isFieldName(name: string): name is FieldName {
  return name in FIELD_TEXTS;
}
