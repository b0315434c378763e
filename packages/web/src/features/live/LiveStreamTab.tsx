import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { canWrite, satisfies } from '@regie/contract/access';
import { CAMERAS_RULE } from '@regie/contract/cameras';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { LifecycleActions } from '../lifecycle/LifecycleActions.tsx';
import { useLifecycle } from '../lifecycle/lifecycle-calls.ts';
import { EventReplayStatus } from '../markers/ReplayGate.tsx';
import { CameraConnections } from './CameraConnections.tsx';
import { CamerasPanel } from './CamerasPanel.tsx';
import { ControlRoomLink } from './ControlRoomLink.tsx';
import { type LiveContent, useCameras, useHealths, useProgram } from './live-calls.ts';
import { ProgramPanel } from './ProgramPanel.tsx';

/** Live operators only (contract CAMERAS_RULE): others are told what the tab needs. */
export function NeedsLiveOperator() {
  const t = useT();
  return (
    <Alert color="gray" title={t('live.stream.noAccessTitle')} maw={720}>
      {t('live.stream.noAccess')}
    </Alert>
  );
}

function StreamBody({ content, writer }: { content: LiveContent; writer: boolean }) {
  const t = useT();
  const cameras = useCameras(content);
  const list = cameras.data?.data ?? [];
  const healths = useHealths(list.map((camera) => camera.inputId));
  const lifecycle = useLifecycle(content.kind, content.id);
  const program = useProgram(content, list[0]?.id ?? null);
  const live = lifecycle.data?.state === 'live';
  return (
    <Stack gap="lg" maw={1100}>
      <LifecycleActions resource={content.kind} id={content.id} />
      {content.kind === 'events' && lifecycle.data?.state === 'replay' && <EventReplayStatus eventId={content.id} />}
      <Card withBorder padding="md" component="section" aria-labelledby="live-program-title">
        <Stack gap="sm">
          {/* The link shares the heading's row: the player stays where it was on screen. */}
          <Group justify="space-between" wrap="nowrap">
            <Title order={3} size="h4" id="live-program-title">
              {t('live.program.title')}
            </Title>
            {content.kind === 'events' && <ControlRoomLink eventId={content.id} size="xs" />}
          </Group>
          <ProgramPanel live={live} program={program.data ?? null} hasCameras={list.length > 0} />
        </Stack>
      </Card>
      {cameras.isError ? (
        <Text c="red">{t('live.cameras.loadFailed')}</Text>
      ) : (
        <CamerasPanel content={content} cameras={list} healths={healths} canWrite={writer} />
      )}
      <CameraConnections cameras={list} />
    </Stack>
  );
}

/**
 * The stream tab of a sport event or a conference: go live and end live (the lifecycle's
 * transitions), the program with its DVR, the cameras with their health, and where each one's
 * encoder publishes (URL, key on demand, full URL).
 */
export function LiveStreamTab({ content }: { content: LiveContent }) {
  const subject = useAccessSubject();
  if (!satisfies(subject, CAMERAS_RULE)) return <NeedsLiveOperator />;
  return <StreamBody content={content} writer={canWrite(subject, CAMERAS_RULE)} />;
}

/** The event's stream tab (event-tabs.tsx EVENT_TAB_BODIES). */
export function EventStreamTab({ eventId }: { eventId: number }) {
  return <LiveStreamTab content={{ kind: 'events', id: eventId }} />;
}
