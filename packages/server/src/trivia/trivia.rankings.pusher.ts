import { TRIVIA_EVENTS, TRIVIA_RANKINGS_PUSH_MS, TRIVIA_TOPIC } from '@regie/contract/trivia.play';
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
  const pending = new Map<number, { accountId: number; timer: NodeJS.Timeout }>();
  const inFlight = new Set<Promise<void>>();
  const push = (quizId: number, accountId: number) => {
    pending.delete(quizId);
    if (!hub) return;
    const pushed = hub
      .publish(accountTopic(accountId, TRIVIA_TOPIC), { type: TRIVIA_EVENTS.rankings, payload: { quizId } })
      .catch(onError);
    inFlight.add(pushed);
    void pushed.finally(() => inFlight.delete(pushed));
  };
  return {
    changed(accountId, quizId) {
      // An event already scheduled for the quiz tells of this answer too.
      if (!hub || pending.has(quizId)) return;
      pending.set(quizId, { accountId, timer: setTimeout(() => push(quizId, accountId), everyMs) });
    },
    async close() {
      for (const [quizId, { accountId, timer }] of [...pending]) {
        clearTimeout(timer);
        push(quizId, accountId);
      }
      await Promise.all([...inFlight]);
    },
  };
}
