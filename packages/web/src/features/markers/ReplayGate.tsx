import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import type { EventReplayResponse } from '@regie/contract/markers';
import { canAccess, fillPath, findRouteByPath } from '@regie/contract/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { useEventReplay } from './marker-calls.ts';
import { ReplayProgress } from './ReplayProgress.tsx';

/** The event's info tab, where its replay video is chosen. */
export const EVENT_INFO_ROUTE = '/events/sports/edit/:id/info';

/**
 * The event's replay after its live, on its stream tab: while it is being prepared, its steps with
 * their progress and what is left; nothing once it plays (or when there is none).
 */
export function EventReplayStatus({ eventId }: { eventId: number }) {
  const t = useT();
  const replay = useEventReplay(eventId);
  const video = replay.data?.video ?? null;
  if (!video || video.playback) return null;
  return (
    <Alert color="blue" title={t('markers.ui.notReadyTitle')} data-testid="replay-status">
      <Text size="sm">{t('markers.ui.replayPreparing', { title: video.title })}</Text>
      <ReplayProgress videoId={video.id} onDone={() => void replay.refetch()} />
    </Alert>
  );
}

export type PlayableReplay = NonNullable<EventReplayResponse['video']> & {
  playback: NonNullable<NonNullable<EventReplayResponse['video']>['playback']>;
};

/**
 * Renders `children` with the event's replay once it can be played; says otherwise why not: no
 * replay video (with a link to the info tab, where it is chosen, for those who may open it), or
 * not ready yet (with its preparation's progress). `meanwhile` shows under that notice (the
 * event's clips, which do not wait for the replay).
 */
export function ReplayGate({
  eventId,
  children,
  meanwhile,
}: {
  eventId: number;
  children: (video: PlayableReplay) => ReactNode;
  meanwhile?: ReactNode;
}) {
  const t = useT();
  const replay = useEventReplay(eventId);
  const subject = useAccessSubject();
  if (replay.isLoading) return <Skeleton h={320} />;
  if (replay.isError) {
    return (
      <Alert color="red" role="alert">
        {t('markers.ui.replayFailed')}
      </Alert>
    );
  }
  const video = replay.data?.video ?? null;
  const infoRoute = findRouteByPath(EVENT_INFO_ROUTE);
  if (!video) {
    return (
      <Stack gap="lg">
        <Alert color="blue" title={t('markers.ui.noReplayTitle')}>
          {infoRoute && canAccess(subject, infoRoute) ? (
            <>
              <Text size="sm">{t('markers.ui.noReplay')}</Text>
              <Anchor component={Link} to={fillPath(EVENT_INFO_ROUTE, { id: eventId })} size="sm">
                {t('markers.ui.openInfo')}
              </Anchor>
            </>
          ) : (
            <Text size="sm">{t('markers.ui.noReplayAsk')}</Text>
          )}
        </Alert>
        {meanwhile}
      </Stack>
    );
  }
  const { playback } = video;
  if (!playback) {
    return (
      <Stack gap="lg">
        <Alert color="blue" title={t('markers.ui.notReadyTitle')}>
          <Text size="sm">{t('markers.ui.notReady', { title: video.title })}</Text>
          <ReplayProgress videoId={video.id} onDone={() => void replay.refetch()} />
        </Alert>
        {meanwhile}
      </Stack>
    );
  }
  return <>{children({ ...video, playback })}</>;
}
