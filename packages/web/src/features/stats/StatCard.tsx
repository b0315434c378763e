import { Paper, Text } from '@mantine/core';

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
        <Text size="sm" c={trend.direction === 'up' ? 'green.9' : trend.direction === 'down' ? 'red.9' : 'dimmed'}>
          {trend.text}
        </Text>
      )}
    </Paper>
  );
}
