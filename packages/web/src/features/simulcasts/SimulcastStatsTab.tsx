import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Badge, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Simulcast, SimulcastStats } from '@regie/contract/simulcast';
import { useEffect, useId, useMemo, useState } from 'react';
import { useDateFormats } from '../../i18n/use-date-formats.ts';
import { useT } from '../../i18n/use-t.ts';
import { useSimulcastStats } from './simulcast-calls.ts';
import { STATUS_COLOURS, STATUS_KEYS, uptimeText } from './simulcast-routes.ts';

const COLOURS = [
  'cyan.6',
  'grape.6',
  'teal.6',
  'orange.6',
  'indigo.6',
  'pink.6',
  'lime.6',
  'red.6',
  'blue.6',
  'yellow.6',
];

/** One row per time (to the second) with each target's bitrate under `t{id}`. */
export function chartRows(
  stats: SimulcastStats,
  format: (at: string) => string,
): Array<Record<string, number | string>> {
  const rows = new Map<string, Record<string, number | string>>();
  for (const target of stats.data) {
    for (const sample of target.samples) {
      const at = sample.at.slice(0, 19);
      const row = rows.get(at) ?? { at, label: format(sample.at) };
      row[`t${target.targetId}`] = sample.bitrateKbps;
      rows.set(at, row);
    }
  }
  return [...rows.values()].sort((a, b) => String(a.at).localeCompare(String(b.at)));
}

/** Tab stats: each target's live figures (over the socket) and the bitrate chart of the last hour. */
export function SimulcastStatsTab({ simulcast }: { simulcast: Simulcast }) {
  const t = useT();
  const titleId = useId();
  const stats = useSimulcastStats(simulcast.id);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const dates = useDateFormats();
  const rows = useMemo(() => (stats.data ? chartRows(stats.data, dates.timeWithSeconds) : []), [stats.data, dates]);
  const none = t('simulcast.none');
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('simulcast.stats.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('simulcast.stats.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {simulcast.targets.map((target) => (
          <Paper key={target.id} withBorder p="md" component="section" aria-label={target.name}>
            <Text fw={600}>{target.name}</Text>
            <Badge color={STATUS_COLOURS[target.status]} my="xs">
              {t(STATUS_KEYS[target.status])}
            </Badge>
            <Text size="sm">
              {t('simulcast.stats.figure', {
                label: t('simulcast.targets.bitrate'),
                value:
                  target.bitrateKbps === null ? none : t('simulcast.kbps', { value: Math.round(target.bitrateKbps) }),
              })}
            </Text>
            <Text size="sm">
              {t('simulcast.stats.figure', {
                label: t('simulcast.targets.uptime'),
                value: uptimeText(target.liveSince, now) ?? none,
              })}
            </Text>
            <Text size="sm">
              {t('simulcast.stats.figure', { label: t('simulcast.targets.restarts'), value: target.restarts })}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
        <Title order={3} size="h5" id={titleId} mb="sm">
          {t('simulcast.stats.chart')}
        </Title>
        {stats.isError && <Alert color="red">{t('simulcast.stats.error')}</Alert>}
        {stats.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {stats.data && rows.length === 0 && <Text c="dimmed">{t('simulcast.stats.empty')}</Text>}
        {rows.length > 0 && (
          <LineChart
            h={260}
            data={rows}
            dataKey="label"
            withLegend
            connectNulls
            series={simulcast.targets.map((target, index) => ({
              name: `t${target.id}`,
              label: target.name,
              color: COLOURS[index % COLOURS.length] ?? 'cyan.6',
            }))}
          />
        )}
      </Paper>
    </Stack>
  );
}
