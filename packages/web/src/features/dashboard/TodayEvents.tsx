import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_TODAY_HOURS, type DashboardTodayEvent } from '@regie/contract/dashboard';
import { resourceRoute } from '@regie/contract/resources/registry';
import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import type { useInsightsFormat } from '../stats/insights-format.ts';

const STATE_COLOURS: Readonly<Record<DashboardTodayEvent['state'], string>> = {
  live: 'red.9',
  upcoming: 'blue',
  replay: 'teal',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}

/**
 * Tonight on the dashboard (issue 46.9): the live events first, then today's by start, each a link
 * to its edit screen with its plays, votes and clips. There is no live viewer count yet: the panel
 * says its plays are page views that started playing.
 */
export function TodayEvents({
  events,
  format,
}: {
  events: readonly DashboardTodayEvent[];
  format: ReturnType<typeof useInsightsFormat>;
}) {
  const t = useT();
  const titleId = useId();
  const base = resourceRoute('events') ?? '/events/sports';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('insights.dashboard.today')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('insights.dashboard.todayHint', { hours: DASHBOARD_TODAY_HOURS })}
      </Text>
      {events.length === 0 ? (
        <Text size="sm">{t('insights.dashboard.noToday', { hours: DASHBOARD_TODAY_HOURS })}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {events.map((event) => (
            <li key={event.id} data-testid="today-event">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge
                      color={STATE_COLOURS[event.state]}
                      variant={event.state === 'live' ? 'filled' : 'light'}
                      c={event.state === 'live' ? undefined : 'dark.7'}
                      tt="none"
                    >
                      {t(`resource.events.state.${event.state}`)}
                    </Badge>
                    <Anchor component={Link} to={`${base}/edit/${event.id}`} fw={600}>
                      {event.name}
                    </Anchor>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {format.dateTime(event.startsAt)}
                  </Text>
                </Stack>
                <SimpleGrid
                  cols={3}
                  spacing="lg"
                  role="group"
                  aria-label={t('insights.dashboard.figuresOf', { name: event.name })}
                >
                  <Figure label={t('insights.dashboard.todayPlays')} value={format.number(event.plays)} />
                  <Figure label={t('insights.dashboard.todayVotes')} value={format.number(event.votes)} />
                  <Figure label={t('insights.dashboard.todayClips')} value={format.number(event.clips)} />
                </SimpleGrid>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {t('insights.dashboard.noViewerCount')}
      </Text>
    </Paper>
  );
}
