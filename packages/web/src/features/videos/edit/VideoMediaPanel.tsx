import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { satisfies } from '@regie/contract/access';
import { canAccess, findRouteByPath } from '@regie/contract/routes';
import { VIDEO_DOWNLOAD_RULE } from '@regie/contract/videos';
import { WATERMARK_VIDEO_RULE } from '@regie/contract/watermark';
import { IconAlertCircle, IconDownload, IconRefresh, IconScissors } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { ServerReason } from '../../../i18n/server-message.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ResourceRecord } from '../../../resources/any-resource.ts';
import type { ResourceLabels } from '../../../resources/resource-labels.ts';
import { useAccessSubject } from '../../../session/access.ts';
import { VideoPlayer } from '../../../widgets/player/VideoPlayer.tsx';
import { useMayReadPublications } from '../../publications/publication-calls.ts';
import { publishableOf } from '../../publications/publishable.ts';
import { VideoPublications } from '../../publications/VideoPublications.tsx';
import { playbackOf, videoStateOf } from '../video-fields.ts';
import { EncodeCancelled } from './EncodeCancelled.tsx';
import { EncodeProgress } from './EncodeProgress.tsx';
import { mediaFacts } from './media-facts.ts';
import { stateBadgeProps } from './state-badge.ts';
import { VideoWatermark } from './VideoWatermark.tsx';
import { downloadOriginal, useRetryEncoding } from './video-calls.ts';

export const CLIP_SCREEN = '/clipping/template';

const WORKING: ReadonlySet<string> = new Set(['uploaded', 'processing']);

interface Props {
  record: ResourceRecord;
  labels: ResourceLabels;
  canWrite: boolean;
}

/**
 * Beside the video's form: where the video is in its life (live encode progress, the failure and
 * a retry), the player once it is ready, what ffprobe found, and what may be done with it
 * (download the original, publish to the social accounts, cut a clip) for whoever may.
 */
export function VideoMediaPanel({ record, labels, canWrite }: Props) {
  const t = useT();
  const subject = useAccessSubject();
  const id = record.id;
  const state = videoStateOf(record);
  const playback = playbackOf(record);
  const clipRoute = findRouteByPath(CLIP_SCREEN);
  const mayClip = state === 'ready' && clipRoute !== undefined && canAccess(subject, clipRoute);
  const mayDownload = Boolean(record.originalKey) && satisfies(subject, VIDEO_DOWNLOAD_RULE);
  const mayPublications = useMayReadPublications();
  // Its picture made again with the account's logo (after the logo or the video's switch changed).
  const mayWatermark = state === 'ready' && Boolean(record.originalKey) && satisfies(subject, WATERMARK_VIDEO_RULE);

  const facts = mediaFacts(record, labels, t);

  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="video-media-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="video-media-title">
            {t('videos.edit.media')}
          </Title>
          <Badge {...stateBadgeProps(state)} data-testid="video-state">
            {labels.option('state', state)}
          </Badge>
        </Group>
        {WORKING.has(state) && <EncodeProgress videoId={id} />}
        {state === 'uploading' && (
          <Text size="sm" c="dimmed">
            {t('videos.edit.waitingForFile')}
          </Text>
        )}
        {state === 'failed' && (
          <EncodeFailure
            videoId={id}
            reason={record.failureReason}
            reasonMessage={record.failureReasonMessage}
            mayRetry={canWrite && Boolean(record.originalKey)}
          />
        )}
        {state === 'cancelled' && (
          <EncodeCancelled
            videoId={id}
            hasOriginal={Boolean(record.originalKey)}
            mayEncode={canWrite && Boolean(record.originalKey)}
          />
        )}
        {state === 'ready' && playback && <VideoPlayer playback={playback} title={String(record.title ?? '')} />}
        {mayWatermark && <VideoWatermark videoId={id} />}
        {facts.length > 0 && (
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {facts.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" w="40%" fw={500}>
                    {label}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {(mayDownload || mayClip) && <MediaActions videoId={id} mayDownload={mayDownload} mayClip={mayClip} />}
        {mayPublications && state === 'ready' && <VideoPublications video={publishableOf(record)} />}
      </Stack>
    </Paper>
  );
}

/** The encode failed: the reason, and a retry for whoever may write (when the original is kept). */
function EncodeFailure({
  videoId,
  reason,
  reasonMessage,
  mayRetry,
}: {
  videoId: number;
  reason: unknown;
  reasonMessage: unknown;
  mayRetry: boolean;
}) {
  const t = useT();
  const retry = useRetryEncoding(videoId);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={t('videos.edit.failed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <ServerReason message={reasonMessage} text={reason} fallback={t('videos.edit.failedUnknown')} />
        </Text>
        {mayRetry && (
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => retry.mutate(undefined)}
            loading={retry.isPending}
          >
            {t('videos.edit.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Download the original, cut a clip: each for whoever may. */
function MediaActions({ videoId, mayDownload, mayClip }: { videoId: number; mayDownload: boolean; mayClip: boolean }) {
  const t = useT();
  const api = useApi();
  const download = useAction(() => downloadOriginal(api, videoId), {
    pending: 'videos.edit.downloading',
    success: false,
  });
  return (
    <Group gap="xs">
      {mayDownload && (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => download.mutate(undefined)}
          loading={download.isPending}
        >
          {t('videos.edit.download')}
        </Button>
      )}
      {mayClip && (
        <Button
          component={Link}
          to={`${CLIP_SCREEN}?videoId=${videoId}`}
          variant="default"
          size="xs"
          leftSection={<IconScissors size={14} aria-hidden />}
        >
          {t('videos.edit.cutClip')}
        </Button>
      )}
    </Group>
  );
}
