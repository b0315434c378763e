import { videoClipInfo } from '@regie/contract/clips.schemas';
import { VIDEO_STATES, type VideoState } from '@regie/contract/videos';
import { videoPlayback } from '@regie/contract/videos.schemas';

/**
 * The fields the server adds to a presented video (its state, playback and clip origin), read
 * from a record whose other fields are open: checked against their contract schemas, so a screen
 * gets the typed value or nothing.
 */

/** A record as the server presents it: the fields here, and others. */
type OpenRecord = Readonly<Record<string, unknown>>;

const STATES: ReadonlySet<string> = new Set(VIDEO_STATES);

export function isVideoState(value: unknown): value is VideoState {
  return typeof value === 'string' && STATES.has(value);
}

/** The video's state; a video with none yet is still being uploaded. */
export function videoStateOf(record: OpenRecord): VideoState {
  return isVideoState(record.state) ? record.state : 'uploading';
}

/** Where the video plays (HLS, poster, storyboard, subtitles); null until it is ready. */
export function playbackOf(record: OpenRecord) {
  const parsed = videoPlayback.safeParse(record.playback);
  return parsed.success ? parsed.data : null;
}

/** Where a clip was cut from; null for a video that is not a clip. */
export function clipInfoOf(record: OpenRecord) {
  const parsed = videoClipInfo.safeParse(record.clip);
  return parsed.success ? parsed.data : null;
}
