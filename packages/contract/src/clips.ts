// Kept free of zod so the web app can import these values without a schema library; the request
// and response schemas are in clips.schemas.ts.
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { messageCatalog } from './messages.ts';

/**
 * Clips (issue 4, spec §7 "POST events/{id}/markers/{id}/clips"): a part [in, out] of a ready
 * video, cut frame-accurately (stream copy when both points fall on keyframes, re-encoded
 * otherwise), optionally dressed in a clip skin (pre-roll image, overlay, post-roll image), and
 * stored as a NEW video of the same account with its own HLS. The clip video carries `clip`
 * (clips.schemas.ts videoClipInfo) saying where it was cut from.
 *
 * Life of a clip: the POST answers 202 with the new video (`processing`) and the queued
 * `video.clip` job (resourceType 'Video', resourceId = the clip video's id, progress 0–100 live);
 * when the cut is stored, the normal encode job of that video makes its HLS, poster, storyboard,
 * and the video ends `ready` (or `failed` with a failureReason).
 */

/** Sources, creating and listing clips: live clipping, clip-only users and video writers. */
export const CLIP_RULE: AccessRule = {
  authorizedRoles: ['liveclipping_write', 'clip_only', 'video_write'],
  authorizedModules: ['STREAM_CLIPPING', 'VIDEOS'],
};

/**
 * Who reads a live event's window (GET …/live-clips/window): its clippers, and those who drop
 * its markers, whose keys place a marker at the program's frame on the live's axis (its origin).
 * A conference's: its clippers (CLIP_RULE).
 */
export const LIVE_EVENT_WINDOW_RULES: readonly AccessRule[] = [
  CLIP_RULE,
  {
    authorizedRoles: ['sport_player_write', 'liveclipping_write'],
    authorizedModules: ['SPORT_EVENTS', 'STREAM_CLIPPING'],
  },
];

/** Longest clip, in seconds (the cut part, rolls not counted). */
export const CLIP_MAX_SECONDS = 600;
/** Seconds a skin's pre-roll and post-roll images are shown (clip-skins rollSeconds). */
export const CLIP_ROLL_SECONDS = { min: 0, max: 10, default: 2 } as const;
/** Clip templates: seconds kept before and after a marker. */
export const CLIP_TEMPLATE_SECONDS = { min: 0, max: 120, defaultBefore: 10, defaultAfter: 5 } as const;
/** GET clips/sources paging. */
export const CLIP_SOURCES_LIMIT = { default: 25, max: 100 } as const;

/**
 * Where a clip was cut from, as the account's clips list filters them: a live (its DVR, no source
 * video) or a video (an event's replay, or any video of the library).
 */
export const CLIP_ORIGINS = ['live', 'replay'] as const;
export type ClipOrigin = (typeof CLIP_ORIGINS)[number];

export const clipPaths = {
  /**
   * GET accountClipsQuery → accountClipsResponse: every clip of the account, newest first, with
   * filters (event, state, origin), a search in titles and paging; the events the page's clips
   * were made for, by id, to name them.
   */
  list: `${MAIN_API}/clips`,
  /** POST createClipBody → 202 {video, job}; GET → {data: clip videos newest first, total}. */
  videoClips: (videoId: number | string) => `${MAIN_API}/videos/${videoId}/clips`,
  /** POST ?offset=seconds-before-marker, body markerClipBody → 202 {video, job}. */
  markerClips: (eventId: number | string, markerId: number | string) =>
    `${MAIN_API}/events/${eventId}/markers/${markerId}/clips`,
  /** GET → {data, total}: clips made from the event's markers, newest first. */
  eventClips: (eventId: number | string) => `${MAIN_API}/events/${eventId}/clips`,
  /** GET ?search&limit&offset → {data: clip sources, total}: ready videos that can be clipped. */
  sources: `${MAIN_API}/clips/sources`,
  /**
   * POST liveClipBody → 202 {video, job}: a clip of an event or a conference while it is live,
   * [inSeconds, outSeconds] counted from the live's start (its first program segment, as markers
   * are), inside its DVR window (contract live.ts LIVE_CLIP).
   */
  liveClips: (resource: 'events' | 'business-players', id: number | string) =>
    `${MAIN_API}/${resource}/${id}/live-clips`,
  /**
   * GET → liveWindowResponse: what can be clipped of the live now (seconds from its start) and the
   * wall-clock time of its second 0, so that a player's position (its frame's program date) maps
   * onto the clip's times. 409 as the POST when not live or nothing recorded yet.
   */
  liveWindow: (resource: 'events' | 'business-players', id: number | string) =>
    `${MAIN_API}/${resource}/${id}/live-clips/window`,
  /**
   * GET → multicamStatusResponse (contract cameras.ts): the program of a live as those who clip
   * it see it (CLIP_RULE): its cameras, the camera on air and its signed live and DVR playlists,
   * the player they take in and out points and markers from. Live operators read the same
   * through any camera (GET multicams/{cameraId}/status).
   */
  liveProgram: (resource: 'events' | 'business-players', id: number | string) =>
    `${MAIN_API}/${resource}/${id}/live-clips/program`,
} as const;

export const CLIP_MESSAGES = messageCatalog('CLIP_MESSAGES', {
  notReady: 'The video is not ready yet',
  outBeyondDuration: (duration: number) => `The clip must end within the video (it lasts ${duration.toFixed(2)} s)`,
  inNotBeforeOut: 'The clip must end after it starts',
  tooLong: `A clip lasts at most ${CLIP_MAX_SECONDS} s`,
  skinNotFound: (id: number | string) => `Clip skin ${id} not found`,
  templateNotFound: (id: number | string) => `Clip template ${id} not found`,
  eventNotFound: (id: number | string) => `Event ${id} not found`,
  markerNotFound: (id: number | string) => `Marker ${id} not found`,
  eventHasNoVideo: (id: number | string) => `Event ${id} has no video to cut from: set its video first`,
  markerBeyondVideo: 'The marker lies beyond the end of the event’s video',
  notAClip: (id: number) => `Video ${id} is not a clip`,
  sourceDeleted: 'The source video was deleted before the clip was cut',
  skinImageMissing: (key: string) => `The skin image ${key} is missing from storage`,
  notLive: 'Only a content that is live can be clipped live',
  liveNothingRecorded: 'Nothing of the live is recorded yet: wait for the cameras to send images',
  outsideLiveWindow: (from: number, to: number) =>
    `The clip must lie within the live's recording window: from ${from.toFixed(2)} s to ${to.toFixed(2)} s after its start`,
  liveRecordingMissing: 'The live recording of this clip is no longer available',
});
