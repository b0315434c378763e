import { Paper, Text } from '@mantine/core';

/** One figure with its name, read as "name: value" by screen readers. */
export function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" component="h3" m={0} fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
    </Paper>
  );
}
