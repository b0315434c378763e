import { ReplayGate } from '../markers/ReplayGate.tsx';
import { ClipWorkspace } from './ClipWorkspace.tsx';

/** The sport event's clip tab: the clip workspace on the event's replay. */
export function EventClipTab({ eventId }: { eventId: number }) {
  return <ReplayGate eventId={eventId}>{(video) => <ClipWorkspace eventId={eventId} video={video} />}</ReplayGate>;
}
