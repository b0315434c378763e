import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { DashboardFanFigures, DashboardFans as Fans } from '@regie/contract/dashboard';
import type { StatsInterval } from '@regie/contract/stats';
import { useT } from '../../i18n/use-t.ts';
import type { InsightsFormat } from '../stats/insights-format.ts';
import { StatCard } from '../stats/StatCard.tsx';
import { TimeChart } from '../stats/TimeChart.tsx';
import { trendOf } from './fan-trend.ts';

const FIGURES: readonly (keyof DashboardFanFigures)[] = ['active', 'new', 'subscribed', 'newSubscriptions'];

/** The dashboard's fans: active, new, subscribers and new subscriptions, each against the period before; over time. */
export function DashboardFans({
  fans,
  interval,
  format,
}: {
  fans: Fans;
  interval: StatsInterval;
  format: InsightsFormat;
}) {
  const t = useT();
  const trendText = (figure: keyof DashboardFanFigures) => {
    const trend = trendOf(fans[figure], fans.previous[figure]);
    if (trend.kind === 'same') return { text: t('insights.fans.trend.same'), direction: 'flat' as const };
    if (trend.kind === 'new') return { text: t('insights.fans.trend.new'), direction: 'up' as const };
    const key = trend.direction === 'up' ? 'insights.fans.trend.up' : 'insights.fans.trend.down';
    return { text: t(key, { percent: trend.percent }), direction: trend.direction };
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('insights.fans.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {FIGURES.map((figure) => (
          <StatCard
            key={figure}
            label={t(`insights.fans.${figure}`)}
            value={format.number(fans[figure])}
            trend={trendText(figure)}
          />
        ))}
      </SimpleGrid>
      <TimeChart
        title={t('insights.fans.overTime')}
        interval={interval}
        points={fans.series}
        series={[
          { name: 'active', label: t('insights.fans.active'), color: 'indigo.6' },
          { name: 'new', label: t('insights.fans.new'), color: 'teal.6' },
          { name: 'subscriptions', label: t('insights.fans.newSubscriptions'), color: 'orange.6' },
        ]}
      />
    </Stack>
  );
}
