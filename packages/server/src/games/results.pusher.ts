import { MOTM_EVENTS } from '@regie/contract/games';
import type { MotmResults } from '@regie/contract/games.schemas';
import { eventTopic } from '@regie/contract/realtime';
import { createTrailing } from '../common/trailing.ts';
import type { Db } from '../db/database.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';
import { resultsOf } from './games.service.ts';

/** How long votes are gathered before a game's results are counted and pushed again. */
export const RESULTS_PUSH_MS = 250;

/** The game a vote was cast in: where its results go. */
export interface VotedGame {
  id: number;
  accountId: number;
  eventId: number;
}

/**
 * Pushes a MOTM game's results to its event's screens after votes (issue 28.5): at the final
 * whistle thousands of fans vote in seconds, and counting the results once per vote would cost
 * an aggregate query each. Votes are gathered for RESULTS_PUSH_MS per game and process, then
 * counted once; the results pushed always include the last vote gathered (trailing). `close`
 * pushes what is pending at once.
 */
export interface ResultsPusher {
  voted(game: VotedGame): void;
  close(): Promise<void>;
}

export function createResultsPusher(
  db: Db,
  hub: RealtimeHub | null,
  onError: (error: unknown) => void,
  options: { everyMs?: number; count?: (gameId: number) => Promise<MotmResults> } = {},
): ResultsPusher {
  const everyMs = options.everyMs ?? RESULTS_PUSH_MS;
  const count = options.count ?? ((gameId: number) => resultsOf(db, gameId));
  const trailing = createTrailing<number, VotedGame>(
    everyMs,
    async (gameId, game) => {
      if (!hub) return;
      const results = await count(gameId);
      await hub.publish(accountTopic(game.accountId, eventTopic(game.eventId)), {
        type: MOTM_EVENTS.results,
        payload: results,
      });
    },
    onError,
  );
  return {
    // A push already scheduled counts this vote too.
    voted: (game) => {
      if (hub) trailing.ask(game.id, game);
    },
    close: () => trailing.close(),
  };
}
