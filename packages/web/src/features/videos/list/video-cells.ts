import type { VideoState } from '@regie/contract/videos';

/** Dot colours of the state badges: grey waiting, blue and orange at work, green done, red failed. */
export const STATE_COLORS: Readonly<Record<VideoState, string>> = {
  uploading: 'gray',
  uploaded: 'blue',
  processing: 'orange',
  ready: 'teal',
  failed: 'red',
};

/** Seconds as "m:ss", or "h:mm:ss" from an hour on. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
