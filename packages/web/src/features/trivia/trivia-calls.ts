import { RANKING_LIMITS, type RankingQuery, type RankingResponse, rankingPaths } from '@regie/contract/trivia.play';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';

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
