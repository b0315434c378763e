import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ClipListResponse } from '@regie/contract/clips.schemas';
import { videosResource } from '@regie/contract/resources/videos';
import { IconPlayerPlay } from '@tabler/icons-react';
import { ServerReason } from '../../i18n/server-message.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useResourceLabels } from '../../resources/resource-labels.ts';
import { VideoPlayer } from '../../widgets/player/VideoPlayer.tsx';
import { EncodeProgress } from '../videos/edit/EncodeProgress.tsx';
import { stateBadgeProps } from '../videos/edit/state-badge.ts';
import { clipInfoOf, playbackOf, videoStateOf } from '../videos/video-fields.ts';

const WORKING: ReadonlySet<string> = new Set(['uploading', 'uploaded', 'processing']);

interface Props {
  clip: ClipListResponse['data'][number];
  /** Its player is open. */
  playing: boolean;
  /** Opens or closes its player. */
  onPlay: () => void;
}

/** One clip: its title and range, its state, its live progress or failure, and its player. */
export function ClipItem({ clip, playing, onPlay }: Props) {
  const t = useT();
  const labels = useResourceLabels(videosResource);
  const state = videoStateOf(clip);
  const info = clipInfoOf(clip);
  const playback = playbackOf(clip);
  const title = String(clip.title ?? `#${clip.id}`);
  return (
    <Stack gap="xs" component="li" data-testid={`clip-${clip.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {info && (
            <Text size="xs" c="dimmed">
              {t('clips.ui.range', { in: info.inSeconds.toFixed(2), out: info.outSeconds.toFixed(2) })}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap">
          <Badge {...stateBadgeProps(state)}>{labels.option('state', state)}</Badge>
          {state === 'ready' && playback && (
            <Button
              size="xs"
              variant={playing ? 'filled' : 'default'}
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              onClick={onPlay}
              aria-pressed={playing}
              aria-label={t('clips.ui.playClip', { title })}
            >
              {t('clips.ui.play')}
            </Button>
          )}
        </Group>
      </Group>
      {WORKING.has(state) && <EncodeProgress videoId={clip.id} />}
      {state === 'failed' && (
        <Text size="sm" c="red.8">
          <ServerReason message={clip.failureReasonMessage} text={clip.failureReason} fallback="" />
        </Text>
      )}
      {playing && playback && <VideoPlayer playback={playback} title={title} />}
    </Stack>
  );
}
