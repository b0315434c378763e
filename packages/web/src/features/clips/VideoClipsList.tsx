import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { ClipItem } from './ClipItem.tsx';
import { useVideoClips } from './clip-calls.ts';

interface Props {
  sourceId: number;
}

/** The clips of a video, newest first, each with its state, its live progress and a player. */
export function VideoClipsList({ sourceId }: Props) {
  const t = useT();
  const clips = useVideoClips(sourceId);
  const [playing, setPlaying] = useState<number | null>(null);
  const { rows } = clips;
  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="video-clips-title">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="video-clips-title">
            {t('clips.ui.clipsOfVideo')}
          </Title>
          {rows && (
            <Badge variant="light" radius="sm">
              {clips.total}
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
            {rows.map((clip) => (
              <ClipItem
                key={clip.id}
                clip={clip}
                playing={playing === clip.id}
                onPlay={() => setPlaying(playing === clip.id ? null : clip.id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
