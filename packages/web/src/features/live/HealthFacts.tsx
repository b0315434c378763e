import { Group, Text } from '@mantine/core';
import type { LiveHealth } from '@regie/contract/live';
import { useT } from '../../i18n/use-t.ts';

/** A camera's health in one line: bitrate, frame rate, resolution (what the socket last pushed). */
export function HealthFacts({ health }: { health: LiveHealth | null }) {
  const t = useT();
  const none = t('streams.health.none');
  const connected = health?.connected === true;
  const facts = [
    {
      id: 'bitrate',
      label: t('streams.health.bitrate'),
      value: connected && health ? t('streams.health.kbps', { value: Math.round(health.bitrate / 1000) }) : none,
    },
    {
      id: 'fps',
      label: t('streams.health.fps'),
      value:
        connected && health?.fps ? t('streams.health.fpsValue', { value: Math.round(health.fps * 10) / 10 }) : none,
    },
    {
      id: 'resolution',
      label: t('streams.health.resolution'),
      value: connected && health?.width && health.height ? `${health.width}×${health.height}` : none,
    },
  ];
  return (
    <Group gap="md" wrap="nowrap">
      {facts.map((fact) => (
        <div key={fact.id}>
          <Text size="xs" c="dimmed">
            {fact.label}
          </Text>
          <Text size="sm" fw={600} data-testid={`camera-${fact.id}`}>
            {fact.value}
          </Text>
        </div>
      ))}
    </Group>
  );
}
