import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ClipListResponse } from '@regie/contract/clips.schemas';
import { LIVE_JOB_TYPES } from '@regie/contract/live';
import type { Publication } from '@regie/contract/publications';
import { videosResource } from '@regie/contract/resources/videos';
import { VIDEO_JOB_TYPES, VIDEO_RESOURCE_TYPE } from '@regie/contract/videos';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ServerReason } from '../../i18n/server-message.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useActiveJobs } from '../../realtime/use-jobs.ts';
import { useResourceLabels } from '../../resources/resource-labels.ts';
import { VideoPlayer } from '../../widgets/player/VideoPlayer.tsx';
import { ClipPublications } from '../publications/ClipPublications.tsx';
import { PublishDialog } from '../publications/PublishDialog.tsx';
import { useMayPublish } from '../publications/publication-calls.ts';
import { publishableOf } from '../publications/publishable.ts';
import { PublishButton } from '../publications/VideoPublications.tsx';
import { EncodeProgress } from '../videos/edit/EncodeProgress.tsx';
import { stateBadgeProps } from '../videos/edit/state-badge.ts';
import { clipInfoOf, playbackOf, videoStateOf } from '../videos/video-fields.ts';

const WORKING: ReadonlySet<string> = new Set(['uploading', 'uploaded', 'processing']);
/** A ready live clip with one of these under way is its instant copy: the exact cut replaces it. */
const LIVE_CLIP_PHASES: ReadonlySet<string> = new Set([LIVE_JOB_TYPES.clipRender, VIDEO_JOB_TYPES.encode]);

interface Props {
  clip: ClipListResponse['data'][number];
  /** Its player is open. */
  playing: boolean;
  /** Opens or closes its player. */
  onPlay: () => void;
  /**
   * One of its jobs ended: its record in the list is stale (a live clip's instant copy became
   * playable, or its exact cut replaced the copy, the copy's files deleted).
   */
  onJobEnded?: () => void;
  /** A line under its title (the account's clips list names the clip's event). */
  caption?: string | null;
  /** Where it was published (null: the user does not see publications). */
  publications?: readonly Publication[] | null;
}

/** Calls `onEnded` when one of `jobIds` (the active jobs) is no longer among them. */
function useJobEnds(jobIds: readonly number[], onEnded: (() => void) | undefined) {
  const previous = useRef<readonly number[]>([]);
  const latest = useRef(onEnded);
  latest.current = onEnded;
  const key = jobIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids' content.
  useEffect(() => {
    const ended = previous.current.some((id) => !jobIds.includes(id));
    previous.current = jobIds;
    if (ended) latest.current?.();
  }, [key]);
}

/** One clip: its title and range, its state, its live progress or failure, and its player. */
export function ClipItem({ clip, playing, onPlay, onJobEnded, caption, publications = null }: Props) {
  const t = useT();
  const mayPublish = useMayPublish();
  const [publishing, setPublishing] = useState(false);
  const labels = useResourceLabels(videosResource);
  const state = videoStateOf(clip);
  const info = clipInfoOf(clip);
  const playback = playbackOf(clip);
  const title = String(clip.title ?? `#${clip.id}`);
  // A live clip plays as its instant copy while its exact cut is made (contract LIVE_JOB_TYPES).
  const jobs = useActiveJobs({ resourceType: VIDEO_RESOURCE_TYPE, resourceId: String(clip.id) }).jobs;
  const refining = state === 'ready' && jobs.some((job) => LIVE_CLIP_PHASES.has(job.type));
  useJobEnds(
    jobs.map((job) => job.id),
    onJobEnded,
  );
  return (
    <Stack gap="xs" component="li" data-testid={`clip-${clip.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {caption && (
            <Text size="xs" c="dimmed">
              {caption}
            </Text>
          )}
          {info && (
            <Text size="xs" c="dimmed">
              {t('clips.ui.range', { in: info.inSeconds.toFixed(2), out: info.outSeconds.toFixed(2) })}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap">
          {refining ? (
            // A dot beside dark text, as the state badge it stands for: light teal text failed
            // WCAG AA contrast (axe, while a clip was being refined).
            <Badge color="teal" variant="dot" radius="sm" tt="none" data-testid="clip-phase">
              {t('clips.ui.instantCopy')}
            </Badge>
          ) : (
            <Badge {...stateBadgeProps(state)}>{labels.option('state', state)}</Badge>
          )}
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
          {state === 'ready' && mayPublish && (
            <PublishButton onClick={() => setPublishing(true)} label={t('publications.publishNamed', { title })} />
          )}
        </Group>
      </Group>
      {(WORKING.has(state) || refining) && <EncodeProgress videoId={clip.id} />}
      {state === 'failed' && (
        <Text size="sm" c="red.8">
          <ServerReason message={clip.failureReasonMessage} text={clip.failureReason} fallback="" />
        </Text>
      )}
      {publications && publications.length > 0 && <ClipPublications items={publications} />}
      {playing && playback && <VideoPlayer playback={playback} title={title} />}
      {mayPublish && state === 'ready' && (
        <PublishDialog video={publishableOf(clip)} opened={publishing} onClose={() => setPublishing(false)} />
      )}
    </Stack>
  );
}
