import { Anchor, List, Paper, Text, Title } from '@mantine/core';
import type { DashboardResponse } from '@regie/contract/dashboard';
import { resourceRoute } from '@regie/contract/resources/registry';
import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { useInsightsFormat } from '../stats/insights-format.ts';

/** The next events, soonest first, each a link to its edit screen. */
export function UpcomingEvents({ events }: { events: DashboardResponse['upcoming'] }) {
  const t = useT();
  const format = useInsightsFormat();
  const titleId = useId();
  const base = resourceRoute('events') ?? '/events/sports';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="sm">
        {t('insights.dashboard.upcoming')}
      </Title>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('insights.dashboard.noUpcoming')}
        </Text>
      ) : (
        <List spacing="xs" listStyleType="none" p={0}>
          {events.map((event) => (
            <List.Item key={event.id}>
              <Anchor component={Link} to={`${base}/edit/${event.id}`} fw={600}>
                {event.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {event.startsAt ? format.dateTime(event.startsAt) : t('insights.dashboard.noDate')}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
