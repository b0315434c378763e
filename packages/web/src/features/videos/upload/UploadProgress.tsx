import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import { megabytesPerSecond } from './upload-engine.ts';
import type { VideoUploadState } from './upload-state.ts';

/** "1 h 02 min", "3 min 05 s", "42 s": what is left, at a glance. */
export function formatSecondsLeft(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min ${String(rest).padStart(2, '0')} s`;
  return `${rest} s`;
}

/** The progress of an upload: percent, speed, time left, and its Cancel or Retry. */
export function UploadProgress({
  state,
  onCancel,
  onRetry,
}: {
  state: VideoUploadState;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const t = useT();
  if (state.status === 'idle') return null;
  const active = state.status === 'preparing' || state.status === 'uploading' || state.status === 'completing';
  const percentText = t('videos.upload.percent', { percent: state.percent });
  const details: string[] = [];
  if (state.status === 'uploading' && state.bytesPerSecond !== null) {
    details.push(t('videos.upload.speed', { speed: megabytesPerSecond(state.bytesPerSecond) }));
  }
  if (state.status === 'uploading' && state.secondsLeft !== null) {
    details.push(t('videos.upload.timeLeft', { time: formatSecondsLeft(state.secondsLeft) }));
  }
  const statusText = {
    idle: '',
    preparing: t('videos.upload.preparing'),
    uploading: state.retrying ? t('videos.upload.reconnecting') : t('videos.upload.uploading'),
    completing: t('videos.upload.completing'),
    done: t('videos.upload.done'),
    failed: t('videos.upload.failed'),
    cancelled: t('videos.upload.cancelled'),
  }[state.status];

  return (
    <Stack gap="xs" data-testid="upload-progress">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {state.fileName}
        </Text>
        <Text size="sm" fw={600} aria-live="polite">
          {percentText}
        </Text>
      </Group>
      <Progress.Root size="lg">
        <Progress.Section
          value={state.percent}
          animated={active}
          color={state.status === 'failed' ? 'red' : undefined}
          aria-label={t('videos.upload.progressLabel')}
          aria-valuetext={percentText}
        />
      </Progress.Root>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" role="status">
          {statusText}
          {state.resumedBytes > 0 && state.status === 'uploading' ? ` — ${t('videos.upload.resumed')}` : ''}
        </Text>
        {details.length > 0 && (
          <Text size="sm" c="dimmed">
            {details.join(' · ')}
          </Text>
        )}
      </Group>
      {state.status === 'failed' && state.error && (
        <Alert color="red" variant="light" title={t('videos.upload.failed')}>
          {state.error}
        </Alert>
      )}
      <Group gap="sm">
        {active && state.status !== 'completing' && (
          <Button variant="default" leftSection={<IconPlayerStop size={16} aria-hidden />} onClick={onCancel}>
            {t('videos.upload.cancel')}
          </Button>
        )}
        {(state.status === 'failed' || state.status === 'cancelled') && (
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
            {t('videos.upload.retry')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
