import { Stack, Text } from '@mantine/core';
import { rankingPaths } from '@regie/contract/trivia.play';
import { useT } from '../../i18n/use-t.ts';
import type { TabPanelProps } from '../../resources/customization.ts';
import { RankingTable } from './RankingTable.tsx';
import { useContestantsCount } from './trivia-calls.ts';

/** A quiz's ranking tab: how many fans played it, and how they rank. */
export function QuizRanking({ record }: TabPanelProps) {
  const t = useT();
  const quizId = Number(record.id);
  const contestants = useContestantsCount(quizId);
  return (
    <Stack gap="md">
      {contestants.data && <Text fw={500}>{t('trivia.ranking.contestants', { count: contestants.data.count })}</Text>}
      <RankingTable path={rankingPaths.quiz(quizId)} label={t('tab.ranking')} showQuizzes={false} />
    </Stack>
  );
}
