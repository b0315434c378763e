import { businessPlayersResource } from '@regie/contract/resources/business-players';
import { businessPlayerSpeakers, businessPlayers } from '../db/conferences.table.ts';
import { resourceEntry } from '../resources/resources.types.ts';

/**
 * Conferences: a plain resource whose speakers are read through business_player_speakers
 * (expand=[Speakers]) in the order PATCH …/relationships/speakers stored.
 */
export const businessPlayersEntry = resourceEntry({
  definition: businessPlayersResource,
  table: businessPlayers,
  joins: [
    {
      table: businessPlayerSpeakers,
      owner: businessPlayerSpeakers.businessPlayerId,
      target: businessPlayerSpeakers.speakerId,
      position: businessPlayerSpeakers.position,
    },
  ],
});
