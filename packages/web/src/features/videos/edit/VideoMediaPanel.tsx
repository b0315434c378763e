import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { satisfies } from '@regie/contract/access';
import { canAccess, findRouteByPath } from '@regie/contract/routes';
import { VIDEO_DOWNLOAD_RULE, type VideoState } from '@regie/contract/videos';
import type { VideoPlayback } from '@regie/contract/videos.schemas';
import { IconAlertCircle, IconDownload, IconRefresh, IconScissors } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { ServerReason } from '../../../i18n/server-message.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ResourceRecord } from '../../../resources/any-resource.ts';
import type { ResourceLabels } from '../../../resources/resource-labels.ts';
import { useAccessSubject } from '../../../session/access.ts';
import { formatClock } from '../../../widgets/player/time-format.ts';
import { VideoPlayer } from '../../../widgets/player/VideoPlayer.tsx';
import { EncodeProgress } from './EncodeProgress.tsx';
import { SharePanel } from './SharePanel.tsx';
import { stateBadgeProps } from './state-badge.ts';
import { downloadOriginal, useRetryEncoding } from './video-calls.ts';

export const CLIP_SCREEN = '/clipping/template';

const WORKING: ReadonlySet<string> = new Set(['uploaded', 'processing']);

interface Metadata {
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  bitrate: number | null;
  fps: number | null;
  formatName: string;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface Props {
  record: ResourceRecord;
  labels: ResourceLabels;
  canWrite: boolean;
}

/**
 * Beside the video's form: where the video is in its life (live encode progress, the failure and
 * a retry), the player once it is ready, what ffprobe found, and what may be done with it
 * (download the original, share, cut a clip) for whoever may.
 */
export function VideoMediaPanel({ record, labels, canWrite }: Props) {
  const t = useT();
  const subject = useAccessSubject();
  const id = record.id;
  const state = String(record.state) as VideoState;
  const playback = record.playback as VideoPlayback | undefined;
  const metadata = record.metadata as Metadata | null;
  const retry = useRetryEncoding(id);
  const api = useApi();
  const download = useAction(() => downloadOriginal(api, id), {
    pending: 'videos.edit.downloading',
    success: false,
  });
  const clipRoute = findRouteByPath(CLIP_SCREEN);
  const mayClip = state === 'ready' && clipRoute !== undefined && canAccess(subject, clipRoute);
  const mayDownload = Boolean(record.originalKey) && satisfies(subject, VIDEO_DOWNLOAD_RULE);

  const facts: [string, string][] = [];
  if (typeof record.duration === 'number') facts.push([labels.field('duration'), formatClock(record.duration)]);
  if (metadata) {
    facts.push([t('videos.edit.resolution'), `${metadata.width} × ${metadata.height}`]);
    facts.push([t('videos.edit.codecs'), [metadata.videoCodec, metadata.audioCodec].filter(Boolean).join(' / ')]);
    if (metadata.fps) facts.push([t('videos.edit.fps'), String(Math.round(metadata.fps * 100) / 100)]);
    if (metadata.bitrate) facts.push([t('videos.edit.bitrate'), `${Math.round(metadata.bitrate / 1000)} kb/s`]);
    // ffprobe names every format of a family ('mov,mp4,m4a,3gp,3g2,mj2'): the first says enough.
    facts.push([t('videos.edit.container'), metadata.formatName.split(',')[0] ?? metadata.formatName]);
  }
  if (typeof record.filename === 'string') facts.push([labels.field('filename'), record.filename]);
  if (typeof record.size === 'number') facts.push([t('videos.edit.fileSize'), megabytes(record.size)]);

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
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={t('videos.edit.failed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                <ServerReason
                  message={record.failureReasonMessage}
                  text={record.failureReason}
                  fallback={t('videos.edit.failedUnknown')}
                />
              </Text>
              {canWrite && Boolean(record.originalKey) && (
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
        )}
        {state === 'ready' && playback && <VideoPlayer playback={playback} title={String(record.title ?? '')} />}
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
        {(mayDownload || mayClip) && (
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
                to={`${CLIP_SCREEN}?videoId=${id}`}
                variant="default"
                size="xs"
                leftSection={<IconScissors size={14} aria-hidden />}
              >
                {t('videos.edit.cutClip')}
              </Button>
            )}
          </Group>
        )}
        {canWrite && state === 'ready' && <SharePanel videoId={id} />}
      </Stack>
    </Paper>
  );
}
