import { Alert, Anchor, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { canWrite, satisfies } from '@regie/contract/access';
import { AD_BREAK_RULE } from '@regie/contract/advertising';
import { CAMERAS_RULE, MULTICAM_RULE } from '@regie/contract/cameras';
import { CHAT_RULE } from '@regie/contract/chat';
import { CLIP_RULE } from '@regie/contract/clips';
import { eventTabGate } from '@regie/contract/events';
import { eventsResource, markersResource } from '@regie/contract/resources/events';
import { mayUseResource } from '@regie/contract/resources/permissions';
import { fillPath } from '@regie/contract/routes';
import { SIMULCAST_RULE } from '@regie/contract/simulcast';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useResourceRecord } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { usePageTitle } from '../../widgets/page-title.ts';
import { ChatFeed } from '../chat/ChatFeed.tsx';
import { useEventChat } from '../chat/chat-calls.ts';
import { ClipQueue } from '../clipping/ClipQueue.tsx';
import { LiveCutPanel, LiveProgramCard } from '../clipping/LiveClipWorkspace.tsx';
import { type LiveDesk, useLiveDesk } from '../clipping/use-live-desk.ts';
import { activatedModulesOf } from '../events/EventTabPanel.tsx';
import { LifecycleActions } from '../lifecycle/LifecycleActions.tsx';
import { NeedsLiveOperator } from '../live/LiveStreamTab.tsx';
import { type LiveContent, useCameras, useHealths } from '../live/live-calls.ts';
import { CameraTiles } from '../live/MulticamTab.tsx';
import { useEventMarkers, useMarkerTypes } from '../markers/marker-calls.ts';
import { AdBreakPanel } from './AdBreakPanel.tsx';
import { LiveMarkersPanel } from './LiveMarkersPanel.tsx';
import { SimulcastsPanel } from './SimulcastsPanel.tsx';
import { useCameraKeys } from './use-camera-keys.ts';

/** The event's stream tab, where the control room is opened from. */
export const EVENT_STREAM_ROUTE = '/events/sports/edit/:id/stream';

/** /events/sports/control-room/:id */
export function ControlRoomScreen() {
  const t = useT();
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Alert color="red">{t('controlRoom.notFound')}</Alert>;
  return <ControlRoomGate key={id} eventId={id} />;
}

/** Whoever opens the stream tab (its rule, CAMERAS_RULE) opens the control room. */
function ControlRoomGate({ eventId }: { eventId: number }) {
  const subject = useAccessSubject();
  if (!satisfies(subject, CAMERAS_RULE)) return <NeedsLiveOperator />;
  return <ControlRoom eventId={eventId} />;
}

/**
 * One live event on one screen, everything live over the socket: the program with its DVR, the
 * cameras' health and 'put on air' (Shift + 1…9), the markers (their types' keys drop one at the
 * program's frame), the live cut (I, O, R…) and the queue of clips, the simulcast targets of the
 * event's cameras and the chat feed. Each panel shows only when the user's roles and the
 * account's and event's modules allow it (the contract's rules).
 */
function ControlRoom({ eventId }: { eventId: number }) {
  const t = useT();
  const subject = useAccessSubject();
  const content: LiveContent = { kind: 'events', id: eventId };
  const record = useResourceRecord(eventsResource, String(eventId));
  const name = typeof record.data?.name === 'string' ? record.data.name : null;
  usePageTitle(name === null ? null : t('controlRoom.title', { name }));
  const desk = useLiveDesk(content);
  const cameras = useCameras(content);
  const list = cameras.data?.data ?? [];
  const healths = useHealths(list.map((camera) => camera.inputId));
  const status = desk.program.data ?? null;
  const activatedModules = activatedModulesOf(record.data ?? null);
  const opens = (tab: 'multicam' | 'chat') => eventTabGate(tab, { creating: false, activatedModules }).enabled;
  const canSwitch = canWrite(subject, MULTICAM_RULE) && opens('multicam');
  const mayClip = canWrite(subject, CLIP_RULE);
  const mayMark = mayUseResource(subject, markersResource, 'write');
  const mayChat = satisfies(subject, CHAT_RULE) && opens('chat');
  const maySimulcast = satisfies(subject, SIMULCAST_RULE);
  const mayBreak = canWrite(subject, AD_BREAK_RULE);
  useCameraKeys(content, status, canSwitch);
  const [playing, setPlaying] = useState<number | null>(null);

  if (record.isError) return <Alert color="red">{t('controlRoom.notFound')}</Alert>;
  if (!record.data) return <Skeleton h={320} />;
  return (
    <Stack gap="sm">
      {/* The page's heading is the shell's (usePageTitle). */}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <LifecycleActions resource="events" id={eventId} />
        <Anchor component={Link} to={fillPath(EVENT_STREAM_ROUTE, { id: eventId })} size="sm">
          {t('controlRoom.backToStream')}
        </Anchor>
      </Group>
      <Grid gap="sm" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <LiveProgramCard desk={desk} />
            {cameras.isError ? (
              <Text c="red">{t('live.cameras.loadFailed')}</Text>
            ) : (
              <CameraTiles
                content={content}
                status={status}
                healths={healths}
                canSwitch={canSwitch}
                preview={false}
                titleId="control-room-cameras-title"
                title={canSwitch ? t('controlRoom.camerasKeys') : t('live.multicam.camerasTitle')}
              />
            )}
            {mayClip && (
              <ClipQueue
                eventId={eventId}
                videoId={null}
                playing={playing}
                onPlay={(id) => setPlaying(playing === id ? null : id)}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            {/* The markers first: their keys are pressed all match long, so their panel stays in view
                on a laptop (1440×900) without scrolling; the live cut below. */}
            {mayMark && <LiveMarkersPanel desk={desk} eventId={eventId} />}
            {mayClip && <ClipDesk desk={desk} eventId={eventId} />}
            {mayBreak && <AdBreakPanel eventId={eventId} live={record.data.state === 'live'} />}
            {maySimulcast && <SimulcastsPanel inputIds={list.map((camera) => camera.inputId)} />}
            {mayChat && <ChatPanel eventId={eventId} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ClipDesk({ desk, eventId }: { desk: LiveDesk; eventId: number }) {
  const markers = useEventMarkers(eventId);
  const { types } = useMarkerTypes();
  return <LiveCutPanel desk={desk} eventId={eventId} markers={markers.data ?? []} types={types} />;
}

/** The chat's moderation feed (features/chat), settings left to the chat tab. */
function ChatPanel({ eventId }: { eventId: number }) {
  const t = useT();
  const chat = useEventChat(eventId);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="control-room-chat-title">
      <Title order={2} size="h5" id="control-room-chat-title" mb="xs">
        {t('chat.title')}
      </Title>
      {chat.data ? <ChatFeed chat={chat.data} /> : <Skeleton h={120} />}
    </Paper>
  );
}
