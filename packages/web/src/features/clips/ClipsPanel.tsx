import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ClipListResponse } from '@regie/contract/clips.schemas';
import { type ReactNode, useState } from 'react';
import {
  useMayReadPublications,
  usePublicationsLive,
  usePublicationsOfVideos,
} from '../publications/publication-calls.ts';
import { ClipItem } from './ClipItem.tsx';

type Clip = ClipListResponse['data'][number];

interface Props {
  /** The heading's id, naming the section. */
  titleId: string;
  title: string;
  /** Null while loading. */
  clips: readonly Clip[] | null;
  /** How many there are in all (the list may show fewer). */
  total: number | null;
  emptyText: string;
  /** The clip whose player is open, when the screen keeps it (else the panel does). */
  playing?: { id: number | null; toggle: (id: number) => void };
  testId?: string;
  /** One of a clip's jobs ended: the list is to be read again (a live clip's phases). */
  onJobEnded?: () => void;
  /** A line under each clip's title, if any. */
  captionOf?: (clip: Clip) => string | null;
  /** Under the list (its pages). */
  footer?: ReactNode;
}

/**
 * A list of clips with their count (a video's, a conference's, an event's queue): each clip's
 * state, its live progress while cut and encoded, then a player, one open at a time.
 */
export function ClipsPanel(props: Props) {
  const { titleId, title, clips, total, emptyText, playing, testId, onJobEnded, captionOf, footer } = props;
  const [ownPlaying, setOwnPlaying] = useState<number | null>(null);
  const openId = playing ? playing.id : ownPlaying;
  const toggle = playing ? playing.toggle : (id: number) => setOwnPlaying((current) => (current === id ? null : id));
  // Where each clip was published (one call for the page), followed live.
  const mayReadPublications = useMayReadPublications();
  const published = usePublicationsOfVideos(
    (clips ?? []).map((clip) => clip.id),
    mayReadPublications,
  );
  usePublicationsLive(mayReadPublications);
  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {total !== null && (
            <Badge variant="light" radius="sm">
              {total}
            </Badge>
          )}
        </Group>
        {clips === null ? (
          <Skeleton h={48} />
        ) : clips.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
            {clips.map((clip) => (
              <ClipItem
                key={clip.id}
                clip={clip}
                playing={openId === clip.id}
                onPlay={() => toggle(clip.id)}
                onJobEnded={onJobEnded}
                caption={captionOf?.(clip) ?? null}
                publications={mayReadPublications ? (published.data?.get(clip.id) ?? []) : null}
              />
            ))}
          </Stack>
        )}
        {footer}
      </Stack>
    </Paper>
  );
}
