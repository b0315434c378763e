import { Alert, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { embedPaths } from '@regie/contract/embed';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { StatsContentKind } from '@regie/contract/stats';
import { useT } from '../../i18n/use-t.ts';
import { MatchStatsSection } from '../match/MatchStatsSection.tsx';
import { EmbedPanel } from './EmbedPanel.tsx';
import { useInsightsFormat } from './insights-format.ts';
import { PeriodPicker } from './PeriodPicker.tsx';
import { usePeriod } from './period.ts';
import { StatCard } from './StatCard.tsx';
import { useContentStats } from './stats-calls.ts';
import { TimeChart } from './TimeChart.tsx';

/** What differs between an event's tab and a conference's: the words, and where the player is embedded. */
const KINDS: Readonly<
  Record<StatsContentKind, { title: MessageKey; hint: MessageKey; marks: MessageKey; embed: (id: number) => string }>
> = {
  event: {
    title: 'insights.stats.title',
    hint: 'insights.stats.hint',
    marks: 'insights.stats.markers',
    embed: embedPaths.eventEmbed,
  },
  conference: {
    title: 'insights.stats.conferenceTitle',
    hint: 'insights.stats.conferenceHint',
    marks: 'insights.stats.chapters',
    embed: embedPaths.conferenceEmbed,
  },
};

/**
 * The stats tab of an event or a conference: plays counted by the embed player (the replay and
 * its clips), marks (markers or chapters) and clips made, over a period: totals and a chart over
 * time; above them, the player's embed code.
 */
export function ContentStatsTab({ kind, id }: { kind: StatsContentKind; id: number }) {
  const t = useT();
  const words = KINDS[kind];
  const format = useInsightsFormat();
  const { choice, choose, period } = usePeriod();
  const stats = useContentStats(kind, id, period);
  const data = stats.data;
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t(words.title)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(words.hint)}
      </Text>
      <EmbedPanel path={words.embed(id)} />
      <PeriodPicker choice={choice} onChange={choose} />
      {stats.isError && <Alert color="red">{t('insights.error')}</Alert>}
      {!data && stats.isFetching && <Loader size="sm" aria-label={t('app.loading')} />}
      {data && (
        <>
          <Text size="sm" aria-live="polite">
            {t('insights.period.shown', { from: format.dateTime(data.from), to: format.dateTime(data.to) })}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
            <StatCard label={t('insights.stats.plays')} value={format.number(data.totals.plays)} />
            <StatCard label={t('insights.stats.replayPlays')} value={format.number(data.totals.replayPlays)} />
            <StatCard label={t('insights.stats.clipPlays')} value={format.number(data.totals.clipPlays)} />
            <StatCard label={t('insights.stats.downloads')} value={format.number(data.totals.downloads)} />
            <StatCard label={t(words.marks)} value={format.number(data.totals.marks)} />
            <StatCard label={t('insights.stats.clips')} value={format.number(data.totals.clips)} />
          </SimpleGrid>
          <TimeChart
            title={t('insights.stats.overTime')}
            interval={data.interval}
            points={data.series}
            series={[
              { name: 'plays', label: t('insights.stats.plays'), color: 'cyan.6' },
              { name: 'downloads', label: t('insights.stats.downloads'), color: 'teal.6' },
              { name: 'marks', label: t(words.marks), color: 'yellow.6' },
              { name: 'clips', label: t('insights.stats.clips'), color: 'grape.6' },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

/** An event's stats tab (the events' tab bodies, features/events/event-tabs.tsx). */
export function EventStatsTab({ eventId }: { eventId: number }) {
  return (
    <Stack gap="lg">
      <MatchStatsSection eventId={eventId} />
      <ContentStatsTab kind="event" id={eventId} />
    </Stack>
  );
}

/** A conference's stats tab (features/conferences/conferences-setup.tsx). */
export function ConferenceStatsTab({ conferenceId }: { conferenceId: number }) {
  return <ContentStatsTab kind="conference" id={conferenceId} />;
}
