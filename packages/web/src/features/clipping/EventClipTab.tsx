import { Skeleton } from '@mantine/core';
import { useState } from 'react';
import { ReplayGate } from '../markers/ReplayGate.tsx';
import { ClipQueue } from './ClipQueue.tsx';
import { ClipWorkspace } from './ClipWorkspace.tsx';
import { LiveClipWorkspace } from './LiveClipWorkspace.tsx';
import { useLiveDesk } from './use-live-desk.ts';

/**
 * The sport event's clip tab: the clip workspace on the live while it is on air, else on its
 * replay; until the replay plays, the event's clips (its live's among them) stay listed.
 */
export function EventClipTab({ eventId }: { eventId: number }) {
  const desk = useLiveDesk({ kind: 'events', id: eventId });
  const [playing, setPlaying] = useState<number | null>(null);
  if (desk.lifecycle.isLoading) return <Skeleton h={320} />;
  if (desk.live) return <LiveClipWorkspace eventId={eventId} desk={desk} />;
  const clips = (
    <ClipQueue
      eventId={eventId}
      videoId={null}
      playing={playing}
      onPlay={(id) => setPlaying(playing === id ? null : id)}
    />
  );
  return (
    <ReplayGate eventId={eventId} meanwhile={clips}>
      {(video) => <ClipWorkspace eventId={eventId} video={video} />}
    </ReplayGate>
  );
}
