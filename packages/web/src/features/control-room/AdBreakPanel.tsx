import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { AD_BREAK_DURATIONS, advertisingPaths } from '@regie/contract/advertising';
import type { AdBreak, AdBreakBody, AdBreaksResponse } from '@regie/contract/advertising.schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { useT } from '../../i18n/use-t.ts';
import { formatClock } from '../../widgets/player/time-format.ts';

const TITLE_ID = 'control-room-ad-break-title';

/** Seconds left of the running break, ticking each second; 0 once over. */
function useSecondsLeft(running: AdBreak | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return running ? Math.max(0, Math.ceil((Date.parse(running.endsAt) - now) / 1000)) : 0;
}

/**
 * The control room's ad break (ADVERTISING, contract advertising.ts): one button per length marks
 * a break now in the live's playlists (SCTE-35 in an EXT-X-DATERANGE); the running break shows
 * its time left, and the buttons wait for its end.
 */
export function AdBreakPanel({ eventId, live }: { eventId: number; live: boolean }) {
  const t = useT();
  const api = useApi();
  const key = ['ad-breaks', eventId] as const;
  const breaks = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<AdBreaksResponse>(advertisingPaths.adBreaks(eventId), undefined, { signal }),
  });
  const start = useAction((body: AdBreakBody) => api.post<AdBreak>(advertisingPaths.adBreaks(eventId), body), {
    success: 'controlRoom.adBreak.started',
    invalidate: [key],
  });
  const running = breaks.data?.running ?? null;
  const left = useSecondsLeft(running);
  const busy = left > 0;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="xs">
        <Title order={2} size="h5" id={TITLE_ID}>
          {t('controlRoom.adBreak.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('controlRoom.adBreak.hint')}
        </Text>
        {busy && (
          <Text size="sm" fw={600} role="status" data-testid="ad-break-running">
            {t('controlRoom.adBreak.running', { time: formatClock(left) })}
          </Text>
        )}
        <Group gap="xs">
          {AD_BREAK_DURATIONS.map((seconds) => (
            <Button
              key={seconds}
              size="xs"
              variant="default"
              disabled={!live || busy || start.isPending}
              onClick={() => start.mutate({ durationSeconds: seconds })}
            >
              {t('controlRoom.adBreak.start', { seconds: String(seconds) })}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
