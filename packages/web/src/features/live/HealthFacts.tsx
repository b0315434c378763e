import { Group, Text } from '@mantine/core';
import type { LiveHealth } from '@regie/contract/live';
import { useT } from '../../i18n/use-t.ts';
import { healthTexts } from '../streams/health-format.ts';

/** A camera's health in one line: bitrate, frame rate, resolution (what the socket last pushed). */
export function HealthFacts({ health }: { health: LiveHealth | null }) {
  const t = useT();
  const texts = healthTexts(health, t);
  const facts = [
    { id: 'bitrate', label: t('streams.health.bitrate'), value: texts.bitrate },
    { id: 'fps', label: t('streams.health.fps'), value: texts.fps },
    { id: 'resolution', label: t('streams.health.resolution'), value: texts.resolution },
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
