import { Alert, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../i18n/use-t.ts';
import { useInsightsFormat } from '../stats/insights-format.ts';
import { PeriodPicker } from '../stats/PeriodPicker.tsx';
import { usePeriod } from '../stats/period.ts';
import { StatCard } from '../stats/StatCard.tsx';
import { useDashboard } from '../stats/stats-calls.ts';
import { TimeChart } from '../stats/TimeChart.tsx';
import { DashboardFans } from './DashboardFans.tsx';
import { EventsByState } from './EventsByState.tsx';
import { RunningJobs } from './RunningJobs.tsx';
import { TodayEvents } from './TodayEvents.tsx';
import { UpcomingEvents } from './UpcomingEvents.tsx';

/**
 * /dashboard/all, the producer's landing page: first today's and live events with their fans'
 * figures (TodayEvents); then, for a chosen period, the account's events by
 * state, upcoming events, videos and hours encoded, clips, plays over time, the fans (with the
 * fans CRM) and the jobs running now, all from one call (GET dashboard).
 */
export function DashboardScreen() {
  const t = useT();
  const format = useInsightsFormat();
  const { choice, choose, period } = usePeriod();
  const dashboard = useDashboard(period);
  const data = dashboard.data;
  return (
    <Stack gap="md">
      <PeriodPicker choice={choice} onChange={choose} />
      {dashboard.isError && <Alert color="red">{t('insights.error')}</Alert>}
      {!data && dashboard.isFetching && <Loader size="sm" aria-label={t('app.loading')} />}
      {data && (
        <>
          {/* Tonight first: what is live and what starts today, whatever the period. */}
          <TodayEvents events={data.today} format={format} />
          <Text size="sm" aria-live="polite">
            {t('insights.period.shown', { from: format.dateTime(data.from), to: format.dateTime(data.to) })}
          </Text>
          {/* Each part under its own h2: the figures' h3 come after the page's h1 without a gap (axe heading-order). */}
          <Title order={2} size="h3">
            {t('insights.dashboard.overview')}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <StatCard
              label={t('insights.dashboard.videosUploaded')}
              value={format.number(data.totals.videosUploaded)}
            />
            <StatCard label={t('insights.dashboard.hoursEncoded')} value={format.number(data.totals.hoursEncoded)} />
            <StatCard label={t('insights.dashboard.clips')} value={format.number(data.totals.clips)} />
            <StatCard label={t('insights.dashboard.plays')} value={format.number(data.totals.plays)} />
          </SimpleGrid>
          <TimeChart
            title={t('insights.dashboard.activity')}
            interval={data.interval}
            points={data.series}
            series={[
              { name: 'plays', label: t('insights.dashboard.plays'), color: 'cyan.6' },
              { name: 'videos', label: t('insights.dashboard.videos'), color: 'teal.6' },
              { name: 'clips', label: t('insights.dashboard.clips'), color: 'grape.6' },
            ]}
          />
          {data.fans && <DashboardFans fans={data.fans} interval={data.interval} format={format} />}
          <Title order={2} size="h3">
            {t('insights.dashboard.operations')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <EventsByState counts={data.eventsByState} />
            <UpcomingEvents events={data.upcoming} />
            <RunningJobs jobs={data.jobs} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
