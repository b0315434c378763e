import { Alert, Anchor, Skeleton, Text } from '@mantine/core';
import type { EventReplayResponse } from '@regie/contract/markers';
import { fillPath } from '@regie/contract/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { useEventReplay } from './marker-calls.ts';

/** The event's info tab, where its replay video is chosen. */
export const EVENT_INFO_ROUTE = '/events/sports/edit/:id/info';

export type PlayableReplay = NonNullable<EventReplayResponse['video']> & {
  playback: NonNullable<NonNullable<EventReplayResponse['video']>['playback']>;
};

/**
 * Renders `children` with the event's replay once it can be played; says otherwise why not: no
 * replay video (with a link to the info tab, where it is chosen), or not encoded yet.
 */
export function ReplayGate({ eventId, children }: { eventId: number; children: (video: PlayableReplay) => ReactNode }) {
  const t = useT();
  const replay = useEventReplay(eventId);
  if (replay.isLoading) return <Skeleton h={320} />;
  if (replay.isError) {
    return (
      <Alert color="red" role="alert">
        {t('markers.ui.replayFailed')}
      </Alert>
    );
  }
  const video = replay.data?.video ?? null;
  if (!video) {
    return (
      <Alert color="blue" title={t('markers.ui.noReplayTitle')}>
        <Text size="sm">{t('markers.ui.noReplay')}</Text>
        <Anchor component={Link} to={fillPath(EVENT_INFO_ROUTE, { id: eventId })} size="sm">
          {t('markers.ui.openInfo')}
        </Anchor>
      </Alert>
    );
  }
  const { playback } = video;
  if (!playback) {
    return (
      <Alert color="yellow" title={t('markers.ui.notReadyTitle')}>
        <Text size="sm">{t('markers.ui.notReady', { title: video.title })}</Text>
      </Alert>
    );
  }
  return <>{children({ ...video, playback })}</>;
}
