import type { VideoState } from '@regie/contract/videos';

/** Dot colours of the state badges: grey waiting, blue and orange at work, green done, red failed. */
export const STATE_COLORS: Readonly<Record<VideoState, string>> = {
  uploading: 'gray',
  uploaded: 'blue',
  processing: 'orange',
  ready: 'teal',
  failed: 'red',
  cancelled: 'gray',
};
