import type { LiveSupervisor } from './live.supervisor.ts';

let running: LiveSupervisor | null = null;

/** Set by live.plugin.ts while this process runs the ingest. */
export function setRunningSupervisor(supervisor: LiveSupervisor | null): void {
  running = supervisor;
}

/**
 * Where a reader in this process (a simulcast's ffmpeg, a recorder) plays a live input: the local
 * RTMP play URL of its publisher, rtmp://127.0.0.1:{port}/live/{key} (loopback readers only),
 * or null when the input is not on air or this process runs no ingest.
 */
export function liveSourceUrl(inputId: number): string | null {
  return running?.sourceUrl(inputId) ?? null;
}
