import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { StatsInterval } from '@regie/contract/stats';
import { useId, useMemo } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useInsightsFormat } from './insights-format.ts';

const INTERVAL_KEYS: Readonly<Record<StatsInterval, MessageKey>> = {
  hour: 'insights.interval.hour',
  day: 'insights.interval.day',
  week: 'insights.interval.week',
  month: 'insights.interval.month',
};

export interface ChartSeries<Name extends string> {
  name: Name;
  label: string;
  color: string;
}

/**
 * Figures over time (@mantine/charts): one point per bucket, labelled in the user's language,
 * values in its number format. A caption says what one point stands for.
 */
export function TimeChart<Name extends string>({
  title,
  points,
  series,
  interval,
}: {
  title: string;
  points: readonly ({ at: string } & Record<Name, number>)[];
  series: readonly ChartSeries<Name>[];
  interval: StatsInterval;
}) {
  const t = useT();
  const format = useInsightsFormat();
  const titleId = useId();
  const data = useMemo(
    () => points.map((point) => ({ ...point, label: format.bucket(point.at, interval) })),
    [points, format, interval],
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="sm">
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('insights.chartCaption', { interval: t(INTERVAL_KEYS[interval]) })}
      </Text>
      <AreaChart
        h={260}
        data={data}
        dataKey="label"
        series={series.map(({ name, label, color }) => ({ name, label, color }))}
        curveType="monotone"
        withLegend
        valueFormatter={format.number}
        tickLine="y"
        withDots={data.length <= 31}
        yAxisProps={{ allowDecimals: false }}
      />
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t(INTERVAL_KEYS[interval])}</th>
              {series.map((one) => (
                <th scope="col" key={one.name}>
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.at}>
                <th scope="row">{point.label}</th>
                {series.map((one) => (
                  <td key={one.name}>{format.number(point[one.name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
