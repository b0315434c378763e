import { createContext, useContext } from 'react';
import type { RealtimeConnection } from './realtime-connection.ts';

/** The signed-in session's channel; null outside the authenticated layout (and in most tests). */
export const RealtimeContext = createContext<RealtimeConnection | null>(null);

export function useRealtimeConnection(): RealtimeConnection | null {
  return useContext(RealtimeContext);
}
