import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { Aspect, Rendition } from '@regie/contract/vertical';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import type { TabPanelProps } from '../../../resources/customization.ts';
import { ConfirmDialog } from '../../../widgets/ConfirmDialog.tsx';
import { playbackOf } from '../video-fields.ts';
import { useFormatActions, useRenditions } from './formats-calls.ts';
import { ReframeEditor } from './ReframeEditor.tsx';

const BADGE_COLOURS: Readonly<Record<Rendition['state'], string>> = {
  none: 'gray',
  queued: 'blue',
  rendering: 'blue',
  ready: 'green',
  failed: 'red',
};

/** A rendition's state in words, with its progress while it renders. */
function StateCell({ rendition }: { rendition: Rendition }) {
  const t = useT();
  const progress = rendition.progress ?? 0;
  const label =
    rendition.state === 'rendering'
      ? t('videos.formats.state.rendering', { progress })
      : t(`videos.formats.state.${rendition.state}`);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {/* A coloured dot beside dark text: readable where a light badge is not, never cut short. */}
        <Badge
          variant="dot"
          radius="sm"
          tt="none"
          color={BADGE_COLOURS[rendition.state]}
          styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
        >
          {label}
        </Badge>
        {rendition.reframe === 'edited' && (
          <Text size="xs" c="dimmed">
            {t('videos.formats.edited')}
          </Text>
        )}
      </Group>
      {(rendition.state === 'queued' || rendition.state === 'rendering') && (
        <Progress value={progress} size="sm" aria-label={label} />
      )}
      {rendition.error && (
        <Text size="xs" c="red.8">
          {rendition.error}
        </Text>
      )}
      {rendition.width && rendition.height && (
        <Text size="xs" c="dimmed">
          {t('videos.formats.size', { width: rendition.width, height: rendition.height })}
        </Text>
      )}
    </Stack>
  );
}

interface RowProps {
  videoId: number;
  rendition: Rendition;
  videoReady: boolean;
  canWrite: boolean;
  framing: boolean;
  onFrame: () => void;
}

/** One aspect: its state, and what may be done with it. */
function FormatRow({ videoId, rendition, videoReady, canWrite, framing, onFrame }: RowProps) {
  const t = useT();
  const actions = useFormatActions(videoId, rendition.aspect);
  const [confirming, setConfirming] = useState(false);
  const running = rendition.state === 'queued' || rendition.state === 'rendering';
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <Text fw={600}>{rendition.aspect}</Text>
        {rendition.source && (
          <Text size="xs" c="dimmed">
            {t('videos.formats.original')}
          </Text>
        )}
      </Table.Th>
      <Table.Td>
        <StateCell rendition={rendition} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          {!rendition.source && (
            <Button
              size="xs"
              variant={framing ? 'filled' : 'light'}
              aria-pressed={framing}
              onClick={onFrame}
              aria-label={`${t('videos.formats.frame')} ${rendition.aspect}`}
            >
              {t('videos.formats.frame')}
            </Button>
          )}
          {!rendition.source && canWrite && videoReady && (
            <Button
              size="xs"
              variant="default"
              loading={actions.render.isPending}
              disabled={running}
              onClick={() => actions.render.mutate(undefined)}
              aria-label={`${t(rendition.state === 'none' ? 'videos.formats.render' : 'videos.formats.renderAgain')} ${rendition.aspect}`}
            >
              {t(rendition.state === 'none' ? 'videos.formats.render' : 'videos.formats.renderAgain')}
            </Button>
          )}
          {rendition.mp4Url && (
            <Anchor size="sm" href={rendition.mp4Url} download>
              {t('videos.formats.download')}
            </Anchor>
          )}
          {!rendition.source && canWrite && rendition.state !== 'none' && (
            <Button
              size="xs"
              variant="outline"
              color="red.8"
              onClick={() => setConfirming(true)}
              aria-label={`${t('videos.formats.remove')} ${rendition.aspect}`}
            >
              {t('videos.formats.remove')}
            </Button>
          )}
        </Group>
        <ConfirmDialog
          opened={confirming}
          title={t('videos.formats.removeConfirm', { aspect: rendition.aspect })}
          confirmLabel={t('videos.formats.remove')}
          danger
          busy={actions.remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => actions.remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The formats tab of a video (issue 42, module VERTICAL_VIDEO): the video in 16:9 (its own),
 * 9:16, 1:1 and 4:5, each rendered along a path that follows the action, with its progress,
 * its MP4 to download, and the framing editor of the aspect chosen.
 */
export function FormatsTab({ record, canWrite }: TabPanelProps) {
  const t = useT();
  const videoId = Number(record.id);
  const renditions = useRenditions(videoId);
  const [framed, setFramed] = useState<Aspect>('9:16');
  const videoReady = record.state === 'ready';
  const chosen = renditions.data?.find((rendition) => rendition.aspect === framed);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" shadow="xs" p="lg" component="section" aria-labelledby="formats-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="formats-title">
            {t('videos.formats.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t(videoReady ? 'videos.formats.intro' : 'videos.formats.notReady')}
          </Text>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('videos.formats.aspect')}</Table.Th>
                <Table.Th>{t('videos.formats.state')}</Table.Th>
                <Table.Th>{t('videos.formats.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(renditions.data ?? []).map((rendition) => (
                <FormatRow
                  key={rendition.aspect}
                  videoId={videoId}
                  rendition={rendition}
                  videoReady={videoReady}
                  canWrite={canWrite}
                  framing={framed === rendition.aspect}
                  onFrame={() => setFramed(rendition.aspect)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>
      {chosen && !chosen.source && (
        <ReframeEditor
          key={framed}
          videoId={videoId}
          rendition={chosen}
          playback={playbackOf(record)}
          title={String(record.title ?? '')}
          canWrite={canWrite}
        />
      )}
    </Stack>
  );
}
