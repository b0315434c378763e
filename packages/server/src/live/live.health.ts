import { LIVE_HEALTH_EVENT, LIVE_LIMITS, LIVE_TOPIC, type LiveHealth, liveHealth } from '@regie/contract/live';
import type { RealtimeHub } from '../realtime/realtime.hub.ts';
import type { LiveSupervisor } from './live.supervisor.ts';

/** A health pushed longer ago than this (three pushes missed) is no longer the input's: its node is gone. */
const FRESH_MS = 3 * LIVE_LIMITS.healthIntervalMs;

/**
 * An input's health as every process knows it (issue 27, live nodes): the live node receiving the
 * encoder pushes it on the hub every 2 s (the socket's own event), and every process keeps the
 * latest per input, so an API process without the input answers `flows/{id}/status` too. This
 * process's own supervisor answers first; a health older than three pushes counts as none.
 */
export function sharedLiveHealth(hub: RealtimeHub, supervisor: LiveSupervisor, now: () => number = Date.now) {
  const latest = new Map<number, { health: LiveHealth; at: number }>();
  const stop = hub.subscribe(`*${LIVE_TOPIC}`, (_topic, event) => {
    if (event.type !== LIVE_HEALTH_EVENT) return;
    const parsed = liveHealth.safeParse(event.payload);
    if (!parsed.success) return;
    if (parsed.data.connected) latest.set(parsed.data.inputId, { health: parsed.data, at: now() });
    else latest.delete(parsed.data.inputId);
  });
  return {
    healthOf(inputId: number, state: LiveHealth['state']): LiveHealth {
      if (supervisor.isOnAir(inputId)) return supervisor.healthOf(inputId, state);
      const known = latest.get(inputId);
      if (known && now() - known.at <= FRESH_MS) return known.health;
      return supervisor.healthOf(inputId, state);
    },
    close: stop,
  };
}
