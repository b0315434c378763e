import { Paper, Text } from '@mantine/core';

/** The theme's text colours that pass 4.5:1 on white (Mantine's green 9 is 4.4:1: axe color-contrast). */
const TREND_COLOURS = { up: 'var(--regie-color-rise)', down: 'red.9', flat: 'dimmed' } as const;

/**
 * One figure with its name, read as "name: value" by screen readers; `trend` (the change against
 * the period before, already worded) is shown under it, green when up, red when down.
 */
export function StatCard({
  label,
  value,
  trend,
}: {
  label: string;
  value: string;
  trend?: { text: string; direction: 'up' | 'down' | 'flat' };
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" component="h3" m={0} fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      {trend && (
        <Text size="sm" c={TREND_COLOURS[trend.direction]}>
          {trend.text}
        </Text>
      )}
    </Paper>
  );
}
