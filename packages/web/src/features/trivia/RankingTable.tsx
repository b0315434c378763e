import { Alert, Anchor, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { satisfies } from '@regie/contract/access';
import { FANS_RULE } from '@regie/contract/fans';
import { RANKING_LIMITS, type RankingRow, rankingPaths } from '@regie/contract/trivia.play';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { CsvExportButton } from '../../widgets/CsvExportButton.tsx';
import { PagePagination } from '../../widgets/PagePagination.tsx';
import { fanEditPath } from '../fans/fan-paths.ts';
import { useRanking, useRankingsPushed } from './trivia-calls.ts';

function FanCell({ row, linked }: { row: RankingRow; linked: boolean }) {
  const name = row.Contestant?.nickname || row.Contestant?.email || `#${row.fanId}`;
  return (
    <Stack gap={0}>
      {linked ? (
        <Anchor component={Link} to={fanEditPath(row.fanId)}>
          {name}
        </Anchor>
      ) : (
        <Text size="sm">{name}</Text>
      )}
      {row.Contestant && (
        <Text size="xs" c="dimmed">
          {row.Contestant.email}
        </Text>
      )}
    </Stack>
  );
}

interface Props {
  /** The ranking's path (contract rankingPaths). */
  path: string;
  /** Weeks and months: a day of the period. */
  date?: string;
  /** The table's accessible name. */
  label: string;
  /** A quiz's ranking: every fan played one quiz, the column says nothing. */
  showQuizzes?: boolean;
}

/** One ranking, a page at a time, each fan opening their CRM page when the user may open it; the export. */
export function RankingTable({ path, date, label, showQuizzes = true }: Props) {
  const t = useT();
  const { i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const ranking = useRanking(path, page, date);
  useRankingsPushed();
  const linked = satisfies(useAccessSubject(), FANS_RULE);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const seconds = useMemo(
    () => new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'second', maximumFractionDigits: 1 }),
    [i18n.language],
  );
  const data = ranking.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / RANKING_LIMITS.pageDefault)) : 1;
  return (
    <Stack gap="sm">
      {ranking.isError && <Alert color="red">{t('trivia.ranking.error')}</Alert>}
      {ranking.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {data && (
        <>
          <Group justify="space-between" align="flex-start">
            <Text aria-live="polite">{t('trivia.ranking.total', { count: data.total })}</Text>
            <CsvExportButton
              path={rankingPaths.export(path)}
              {...(date ? { query: { date } } : {})}
              total={data.total}
              fallbackName="ranking.csv"
              rowsKey="trivia.ranking.exported"
            />
          </Group>
          {data.data.length === 0 ? (
            <Text c="dimmed">{t('trivia.ranking.empty')}</Text>
          ) : (
            <Table striped aria-label={label}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('trivia.ranking.rank')}</Table.Th>
                  <Table.Th>{t('trivia.ranking.fan')}</Table.Th>
                  <Table.Th>{t('trivia.ranking.score')}</Table.Th>
                  <Table.Th>{t('trivia.ranking.correct')}</Table.Th>
                  {showQuizzes && <Table.Th>{t('trivia.ranking.quizzes')}</Table.Th>}
                  <Table.Th>{t('trivia.ranking.answering')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((row) => (
                  <Table.Tr key={row.fanId}>
                    <Table.Td>{row.rank}</Table.Td>
                    <Table.Td>
                      <FanCell row={row} linked={linked} />
                    </Table.Td>
                    <Table.Td>{number.format(row.score)}</Table.Td>
                    <Table.Td>{number.format(row.correct)}</Table.Td>
                    {showQuizzes && <Table.Td>{number.format(row.quizzes)}</Table.Td>}
                    <Table.Td>{seconds.format(row.answeringMs / 1000)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {pages > 1 && <PagePagination total={pages} value={page} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
