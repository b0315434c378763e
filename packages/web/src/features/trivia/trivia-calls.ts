import {
  RANKING_LIMITS,
  type RankingQuery,
  type RankingResponse,
  rankingPaths,
  TRIVIA_EVENTS,
  TRIVIA_TOPIC,
} from '@regie/contract/trivia.play';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';
import { useRealtimeEvent } from '../../realtime/use-realtime.ts';

export const triviaKeys = {
  ranking: (path: string, query: RankingQuery) => ['trivia', 'ranking', path, query] as const,
  contestants: (quizId: number) => ['trivia', 'contestants', quizId] as const,
};

/** One page of a ranking (global, a quiz's, a week's, a month's), with the contestants' names. */
export function useRanking(path: string, page: number, date: string | undefined) {
  const api = useApi();
  const query: RankingQuery = {
    limit: RANKING_LIMITS.pageDefault,
    offset: (page - 1) * RANKING_LIMITS.pageDefault,
    expand: '[Contestant]',
    ...(date ? { date } : {}),
  };
  return useQuery({
    queryKey: triviaKeys.ranking(path, query),
    queryFn: ({ signal }) => api.get<RankingResponse>(path, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContestantsCount(quizId: number) {
  const api = useApi();
  return useQuery({
    queryKey: triviaKeys.contestants(quizId),
    queryFn: ({ signal }) => api.get<{ count: number }>(rankingPaths.contestantsCount(quizId), undefined, { signal }),
  });
}

/**
 * Keeps the shown rankings live: when fans' answers change a quiz's rankings, the server pushes
 * `trivia.rankings` (once per burst, contract TRIVIA_RANKINGS_PUSH_MS) and the rankings and
 * contestant counts on screen are read again; nothing is polled.
 */
export function useRankingsPushed(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(TRIVIA_TOPIC, (event) => {
    if (event.type !== TRIVIA_EVENTS.rankings) return;
    void queryClient.invalidateQueries({ queryKey: ['trivia', 'ranking'] });
    void queryClient.invalidateQueries({ queryKey: ['trivia', 'contestants'] });
  });
}
