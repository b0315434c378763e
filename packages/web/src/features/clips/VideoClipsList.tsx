import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { VideoClipInfo } from '@regie/contract/clips.schemas';
import { videosResource } from '@regie/contract/resources/videos';
import type { VideoState } from '@regie/contract/videos';
import type { VideoPlayback } from '@regie/contract/videos.schemas';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { ServerReason } from '../../i18n/server-message.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useResourceLabels } from '../../resources/resource-labels.ts';
import { VideoPlayer } from '../../widgets/player/VideoPlayer.tsx';
import { EncodeProgress } from '../videos/edit/EncodeProgress.tsx';
import { stateBadgeProps } from '../videos/edit/state-badge.ts';
import { useVideoClips } from './clip-calls.ts';

interface Props {
  sourceId: number;
}

const WORKING: ReadonlySet<string> = new Set(['uploading', 'uploaded', 'processing']);

/** The clips of a video, newest first, each with its state, its live progress and a player. */
export function VideoClipsList({ sourceId }: Props) {
  const t = useT();
  const clips = useVideoClips(sourceId);
  const labels = useResourceLabels(videosResource);
  const [playing, setPlaying] = useState<number | null>(null);
  const rows = clips.data?.data ?? null;
  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="video-clips-title">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="video-clips-title">
            {t('clips.ui.clipsOfVideo')}
          </Title>
          {clips.data && (
            <Badge variant="light" radius="sm">
              {clips.data.total}
            </Badge>
          )}
        </Group>
        {rows === null ? (
          <Skeleton h={48} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('clips.ui.noClips')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((clip) => {
              const state = clip.state as VideoState;
              const info = clip.clip as VideoClipInfo | undefined;
              const playback = clip.playback as VideoPlayback | undefined;
              const title = String(clip.title ?? `#${clip.id}`);
              return (
                <Stack key={clip.id} gap="xs" component="li" data-testid={`clip-${clip.id}`}>
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {title}
                      </Text>
                      {info && (
                        <Text size="xs" c="dimmed">
                          {t('clips.ui.range', {
                            in: info.inSeconds.toFixed(2),
                            out: info.outSeconds.toFixed(2),
                          })}
                        </Text>
                      )}
                    </div>
                    <Group gap="xs" wrap="nowrap">
                      <Badge {...stateBadgeProps(state)}>{labels.option('state', state)}</Badge>
                      {state === 'ready' && playback && (
                        <Button
                          size="xs"
                          variant={playing === clip.id ? 'filled' : 'default'}
                          leftSection={<IconPlayerPlay size={14} aria-hidden />}
                          onClick={() => setPlaying(playing === clip.id ? null : clip.id)}
                          aria-pressed={playing === clip.id}
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
                  {playing === clip.id && playback && <VideoPlayer playback={playback} title={title} />}
                </Stack>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
