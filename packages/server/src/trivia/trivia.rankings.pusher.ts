import { TRIVIA_EVENTS, TRIVIA_RANKINGS_PUSH_MS, TRIVIA_TOPIC } from '@regie/contract/trivia.play';
import { createTrailing } from '../common/trailing.ts';
import { accountTopic, type RealtimeHub } from '../realtime/realtime.hub.ts';

/**
 * Tells the rankings screens that a quiz's rankings changed (issue 28.5), once per burst: the
 * answers to a quiz are gathered TRIVIA_RANKINGS_PUSH_MS per process, then one event goes out
 * (trailing: it follows the last answer gathered). `close` sends what is pending at once.
 */
export interface RankingsPusher {
  changed(accountId: number, quizId: number): void;
  close(): Promise<void>;
}

export function createRankingsPusher(
  hub: RealtimeHub | null,
  onError: (error: unknown) => void,
  everyMs = TRIVIA_RANKINGS_PUSH_MS,
): RankingsPusher {
  const trailing = createTrailing<number, number>(
    everyMs,
    async (quizId, accountId) => {
      await hub?.publish(accountTopic(accountId, TRIVIA_TOPIC), { type: TRIVIA_EVENTS.rankings, payload: { quizId } });
    },
    onError,
  );
  return {
    // An event already scheduled for the quiz tells of this answer too.
    changed: (accountId, quizId) => {
      if (hub) trailing.ask(quizId, accountId);
    },
    close: () => trailing.close(),
  };
}
