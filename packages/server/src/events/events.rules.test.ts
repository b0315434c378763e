import { EVENT_MESSAGES } from '@regie/contract/events';
import { describe, expect, it } from 'vitest';
import { cascadeProblem, modulesOutsideAccount } from './events.rules.ts';

const none = { competitionId: null, seasonId: null, roundId: null, seasonCompetitionId: null, roundSeasonId: null };

describe('cascadeProblem', () => {
  it('accepts an event without sport data, or with a consistent competition, season and round', () => {
    expect(cascadeProblem(none)).toBeNull();
    expect(cascadeProblem({ ...none, competitionId: 1 })).toBeNull();
    expect(
      cascadeProblem({ competitionId: 1, seasonId: 2, roundId: 3, seasonCompetitionId: 1, roundSeasonId: 2 }),
    ).toBeNull();
  });

  it('refuses a season without its competition, or of another competition', () => {
    expect(cascadeProblem({ ...none, seasonId: 2, seasonCompetitionId: 1 })).toEqual({
      field: 'seasonId',
      message: EVENT_MESSAGES.seasonWithoutCompetition,
    });
    expect(cascadeProblem({ ...none, competitionId: 5, seasonId: 2, seasonCompetitionId: 1 })).toEqual({
      field: 'seasonId',
      message: EVENT_MESSAGES.seasonOfOtherCompetition(2, 5),
    });
  });

  it('refuses a round without its season, or of another season', () => {
    expect(cascadeProblem({ ...none, competitionId: 1, roundId: 3, roundSeasonId: 2 })).toEqual({
      field: 'roundId',
      message: EVENT_MESSAGES.roundWithoutSeason,
    });
    expect(
      cascadeProblem({ competitionId: 1, seasonId: 2, roundId: 3, seasonCompetitionId: 1, roundSeasonId: 9 }),
    ).toEqual({ field: 'roundId', message: EVENT_MESSAGES.roundOfOtherSeason(3, 2) });
  });
});

describe('modulesOutsideAccount', () => {
  it('names the modules the account lacks, once each', () => {
    expect(modulesOutsideAccount(['CHAT', 'MULTICAM', 'CHAT'], ['CHAT'])).toEqual(['MULTICAM']);
    expect(modulesOutsideAccount(['CHAT'], ['CHAT', 'MARKERS'])).toEqual([]);
  });
});
