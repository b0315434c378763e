import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Title, VisuallyHidden } from '@mantine/core';
import type { DashboardResponse } from '@regie/contract/dashboard';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { EventState } from '@regie/contract/resources/events';
import { useId } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useInsightsFormat } from '../stats/insights-format.ts';

const STATE_KEYS: Readonly<Record<EventState, MessageKey>> = {
  upcoming: 'resource.events.state.upcoming',
  live: 'resource.events.state.live',
  replay: 'resource.events.state.replay',
};

/** Events of the period by state, as a bar chart (with the same figures as a hidden table). */
export function EventsByState({ counts }: { counts: DashboardResponse['eventsByState'] }) {
  const t = useT();
  const format = useInsightsFormat();
  const titleId = useId();
  const data = counts.map((row) => ({ state: t(STATE_KEYS[row.state]), count: row.count }));
  const title = t('insights.dashboard.eventsByState');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="sm">
        {title}
      </Title>
      <BarChart
        h={260}
        data={data}
        dataKey="state"
        series={[{ name: 'count', label: t('insights.dashboard.events'), color: 'regie.6' }]}
        valueFormatter={format.number}
        tickLine="y"
        yAxisProps={{ allowDecimals: false }}
      />
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <tbody>
            {data.map((row) => (
              <tr key={row.state}>
                <th scope="row">{row.state}</th>
                <td>{format.number(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
