/**
 * The arithmetic of the live player (pure, unit-tested in live-math.test.ts): how late the
 * picture is against the wall clock, and where the viewer stands in the DVR window.
 */

/** The part of the program the player can reach, in media seconds. */
export interface DvrWindow {
  start: number;
  end: number;
}

/**
 * Glass-to-player latency in seconds: now minus the wall-clock time of the frame on screen
 * (hls.js `playingDate`, from EXT-X-PROGRAM-DATE-TIME), to a tenth; null while unknown. A clock
 * slightly ahead on the server never makes it negative.
 */
export function latencySeconds(playingDate: Date | null, now: number): number | null {
  if (playingDate === null) return null;
  const time = playingDate.getTime();
  if (Number.isNaN(time)) return null;
  return Math.max(0, Math.round((now - time) / 100) / 10);
}

/** The window from the video's seekable ranges (first start to last end), null when empty. */
export function dvrWindow(ranges: {
  length: number;
  start(index: number): number;
  end(index: number): number;
}): DvrWindow | null {
  if (ranges.length === 0) return null;
  const start = ranges.start(0);
  const end = ranges.end(ranges.length - 1);
  return end > start ? { start, end } : null;
}

/**
 * Seconds behind the live edge: the edge is hls.js's `liveSyncPosition` when known (where it
 * starts a live), else the window's end.
 */
export function secondsBehindLive(currentTime: number, window: DvrWindow, liveEdge: number | null): number {
  const edge = liveEdge !== null && Number.isFinite(liveEdge) ? Math.min(liveEdge, window.end) : window.end;
  return Math.max(0, edge - currentTime);
}

/** Within this many seconds of the edge the player counts as live (no 'back to live' offered). */
export function liveSlackSeconds(targetDuration: number): number {
  return Math.max(3, targetDuration * 2);
}

/** A position the player may seek to: inside the window. */
export function clampToWindow(target: number, window: DvrWindow): number {
  return Math.min(window.end, Math.max(window.start, target));
}

/** '-1:05', '-12:00', '-1:02:03' (behind live); '0:00' at the edge. */
export function formatBehind(seconds: number): string {
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  const text = hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
  return whole === 0 ? text : `-${text}`;
}
