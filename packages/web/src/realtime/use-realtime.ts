import { eventTopic, type RealtimeEvent } from '@regie/contract/realtime';
import { useEffect, useRef } from 'react';
import { useRealtimeConnection } from './realtime-context.ts';

export type { RealtimeEvent } from '@regie/contract/realtime';

/**
 * Calls `handler` with the events of `topic` (e.g. JOBS_TOPIC) while the component is mounted.
 * The handler is read through a ref: a new function on every render does not resubscribe.
 */
export function useRealtimeEvent(topic: string, handler: (event: RealtimeEvent) => void): void {
  const connection = useRealtimeConnection();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!connection) return;
    return connection.subscribe(topic, (event) => latest.current(event));
  }, [connection, topic]);
}

/**
 * For an event's screens (spec §7): subscribes the channel to `/admin/{eventId}` while mounted and
 * calls `handler`, when given, with that event's messages (`/admin/{eventId}` and below).
 */
export function useEventChannel(eventId: number | string | null, handler?: (event: RealtimeEvent) => void): void {
  const connection = useRealtimeConnection();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!connection || eventId === null) return;
    const topic = eventTopic(eventId);
    const leave = connection.join(topic);
    // A final `**` matches no segment too: `/admin/7/**` takes `/admin/7` and what is below it.
    const stop = connection.subscribe(`${topic}/**`, (event) => latest.current?.(event));
    return () => {
      stop();
      leave();
    };
  }, [connection, eventId]);
}
