import { Alert, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { embedPaths } from '@regie/contract/embed';
import { useT } from '../../i18n/use-t.ts';
import { EmbedPanel } from './EmbedPanel.tsx';
import { useInsightsFormat } from './insights-format.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { usePeriod } from './period.ts';
import { StatCard } from './StatCard.tsx';
import { useEventStats } from './stats-calls.ts';
import { TimeChart } from './TimeChart.tsx';

/**
 * An event's stats tab: plays counted by the embed player (the replay and its clips), markers
 * and clips made, over a period: totals and a chart over time; above them, the player's embed code.
 */
export function EventStatsTab({ eventId }: { eventId: number }) {
  const t = useT();
  const format = useInsightsFormat();
  const { choice, choose, period } = usePeriod();
  const stats = useEventStats(eventId, period);
  const data = stats.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('insights.stats.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('insights.stats.hint')}
      </Text>
      <EmbedPanel path={embedPaths.eventEmbed(eventId)} />
      <PeriodPicker choice={choice} onChange={choose} />
      {stats.isError && <Alert color="red">{t('insights.error')}</Alert>}
      {!data && stats.isFetching && <Loader size="sm" aria-label={t('app.loading')} />}
      {data && (
        <>
          <Text size="sm" aria-live="polite">
            {t('insights.period.shown', { from: format.dateTime(data.from), to: format.dateTime(data.to) })}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            <StatCard label={t('insights.stats.plays')} value={format.number(data.totals.plays)} />
            <StatCard label={t('insights.stats.replayPlays')} value={format.number(data.totals.replayPlays)} />
            <StatCard label={t('insights.stats.clipPlays')} value={format.number(data.totals.clipPlays)} />
            <StatCard label={t('insights.stats.markers')} value={format.number(data.totals.markers)} />
            <StatCard label={t('insights.stats.clips')} value={format.number(data.totals.clips)} />
          </SimpleGrid>
          <TimeChart
            title={t('insights.stats.overTime')}
            interval={data.interval}
            points={data.series}
            series={[
              { name: 'plays', label: t('insights.stats.plays'), color: 'cyan.6' },
              { name: 'markers', label: t('insights.stats.markers'), color: 'yellow.6' },
              { name: 'clips', label: t('insights.stats.clips'), color: 'grape.6' },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
