import type { RealtimeEvent } from '@regie/contract/realtime';
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
