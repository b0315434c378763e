import { Skeleton } from '@mantine/core';
import { ReplayGate } from '../markers/ReplayGate.tsx';
import { ClipWorkspace } from './ClipWorkspace.tsx';
import { LiveClipWorkspace } from './LiveClipWorkspace.tsx';
import { useLiveDesk } from './use-live-desk.ts';

/** The sport event's clip tab: the clip workspace on the live while it is on air, else on its replay. */
export function EventClipTab({ eventId }: { eventId: number }) {
  const desk = useLiveDesk({ kind: 'events', id: eventId });
  if (desk.lifecycle.isLoading) return <Skeleton h={320} />;
  if (desk.live) return <LiveClipWorkspace eventId={eventId} desk={desk} />;
  return <ReplayGate eventId={eventId}>{(video) => <ClipWorkspace eventId={eventId} video={video} />}</ReplayGate>;
}
