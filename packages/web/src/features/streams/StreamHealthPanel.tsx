import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LiveHealth } from '@regie/contract/live';
import { IconCircleFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { healthTexts } from './health-format.ts';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** Seconds since `iso`, refreshed every second. */
function useSecondsSince(iso: string | null): number | null {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return iso === null ? null : Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
}

/** The input's health as the socket pushes it (connected, bitrate, fps, resolution, codecs, …). */
export function StreamHealthPanel({ health }: { health: LiveHealth | null }) {
  const t = useT();
  const since = useSecondsSince(health?.lastFrameAt ?? null);
  const none = t('streams.health.none');
  const texts = healthTexts(health, t);
  const { connected } = texts;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="stream-health-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id="stream-health-title">
            {t('streams.health.title')}
          </Title>
          <Group gap={6} wrap="nowrap">
            <IconCircleFilled
              size={12}
              color={connected ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-5)'}
              aria-hidden
            />
            <Text fw={700} data-testid="stream-connected" aria-live="polite">
              {connected ? t('streams.health.connected') : t('streams.health.disconnected')}
            </Text>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact testId="health-bitrate" label={t('streams.health.bitrate')} value={texts.bitrate} />
          <Fact testId="health-fps" label={t('streams.health.fps')} value={texts.fps} />
          <Fact testId="health-resolution" label={t('streams.health.resolution')} value={texts.resolution} />
          <Fact testId="health-codecs" label={t('streams.health.codecs')} value={texts.codecs} />
          <Fact
            testId="health-last-frame"
            label={t('streams.health.lastFrame')}
            value={since === null ? none : t('streams.health.secondsAgo', { value: since })}
          />
          <Fact testId="health-dropped" label={t('streams.health.dropped')} value={String(health?.dropped ?? 0)} />
          <Fact testId="health-segments" label={t('streams.health.segments')} value={String(health?.segments ?? 0)} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
