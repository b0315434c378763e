import { EVENT_MESSAGES } from '@regie/contract/events';
import type { Message } from '@regie/contract/messages';

export interface CascadeValues {
  competitionId: number | null;
  seasonId: number | null;
  roundId: number | null;
  /** The competition the chosen season belongs to (null: no season chosen). */
  seasonCompetitionId: number | null;
  /** The season the chosen round belongs to (null: no round chosen). */
  roundSeasonId: number | null;
}

/**
 * What is wrong with an event's competition → season → round, if anything: a season needs its
 * competition chosen and must belong to it; likewise a round and its season.
 */
export function cascadeProblem(values: CascadeValues): { field: string; message: Message } | null {
  const { competitionId, seasonId, roundId } = values;
  if (seasonId !== null) {
    if (competitionId === null) return { field: 'seasonId', message: EVENT_MESSAGES.seasonWithoutCompetition };
    if (values.seasonCompetitionId !== competitionId) {
      return { field: 'seasonId', message: EVENT_MESSAGES.seasonOfOtherCompetition(seasonId, competitionId) };
    }
  }
  if (roundId !== null) {
    if (seasonId === null) return { field: 'roundId', message: EVENT_MESSAGES.roundWithoutSeason };
    if (values.roundSeasonId !== seasonId) {
      return { field: 'roundId', message: EVENT_MESSAGES.roundOfOtherSeason(roundId, seasonId) };
    }
  }
  return null;
}

/** The asked modules the account does not have, each once. */
export function modulesOutsideAccount(asked: readonly string[], owned: readonly string[]): string[] {
  return [...new Set(asked.filter((code) => !owned.includes(code)))];
}
