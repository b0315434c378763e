// Kept free of zod so the web app can import these values without pulling a schema library in;
// the request and response schemas are in videos.schemas.ts.
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { messageCatalog } from './messages.ts';
// A type only: social.ts holds zod schemas, which this file keeps out.
import type { SocialPlatform } from './social.ts';

/**
 * Videos (spec §7 "Videos", "Streaming upload url-multipart / complete-multipart"): the upload of
 * large files in parts, import from a URL, encoding to HLS, media URLs, subtitles, download and
 * sharing.
 *
 * Life of a video: `uploading` (record made, file not complete) → `uploaded` (original stored,
 * encode job queued) → `processing` (probed and being encoded) → `ready` (playback available), or
 * `failed` with a `failureReason` at any step (the original is kept; POST …/encoding-job retries).
 */
export const VIDEO_STATES = ['uploading', 'uploaded', 'processing', 'ready', 'failed', 'cancelled'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

export const VIDEO_TITLE_MAX = 120;
export const VIDEO_DESCRIPTION_MAX = 5_000;

/** Who reads videos (spec §6 "Media") and who writes them; both need the VIDEOS module. */
export const VIDEO_READ_RULE: AccessRule = {
  authorizedRoles: ['video_download', 'video_write', 'own_videos_only', 'use_stream'],
  requiredModules: ['VIDEOS'],
};
export const VIDEO_WRITE_RULE: AccessRule = { authorizedRoles: ['video_write'], requiredModules: ['VIDEOS'] };
/** GET …/download: the original file. */
export const VIDEO_DOWNLOAD_RULE: AccessRule = {
  authorizedRoles: ['video_download', 'video_write'],
  requiredModules: ['VIDEOS'],
};

/**
 * Resumable upload. The browser sends the file in parts of exactly this size (the last one
 * shorter), each with its own PUT, in any order, several at once if it likes; a part sent again
 * replaces the first copy. 8 MiB × 10 000 parts (S3's limit) leaves room for VIDEO_MAX_BYTES.
 */
export const VIDEO_PART_SIZE = 8 * 1024 * 1024;
/** Largest original accepted by an upload. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024 * 1024;
/** An upload session not completed within this time is refused (404) and may be cleaned up. */
export const UPLOAD_SESSION_TTL_HOURS = 7 * 24;
/** Default of REGIE_IMPORT_MAX_BYTES: the largest file import-url downloads. */
export const VIDEO_IMPORT_MAX_BYTES_DEFAULT = 20 * 1024 * 1024 * 1024;
export const VIDEO_IMPORT_MAX_REDIRECTS = 5;

/** The number of parts of a file of `size` bytes, and the length of part `n` (1-based). */
export function partCount(size: number, partSize: number = VIDEO_PART_SIZE): number {
  return Math.max(1, Math.ceil(size / partSize));
}
export function partLength(size: number, partNumber: number, partSize: number = VIDEO_PART_SIZE): number {
  return Math.max(0, Math.min(partSize, size - (partNumber - 1) * partSize));
}

/** Subtitle languages: the interface languages (spec §1). */
export const SUBTITLE_LANGUAGES = ['en', 'fr'] as const;
export type SubtitleLanguage = (typeof SUBTITLE_LANGUAGES)[number];
/** PUT …/subtitles/{language}: a WebVTT or SRT file (or its JSON forms) of at most this size. */
export const SUBTITLE_MAX_BYTES = 2 * 1024 * 1024;
export const SUBTITLE_CONTENT_TYPES = { vtt: 'text/vtt', srt: 'application/x-subrip' } as const;

/**
 * Where videos can be shared (spec §7 "POST videos/{id}/share/{target}"): social platforms the
 * user links in Settings › Social networks (contract social.ts). A share is a publication
 * (contract publications.ts) made through that link, like an event's repost (reposts.ts).
 */
export const SHARE_TARGETS = [
  'youtube',
  'facebook',
  'twitter',
  'dailymotion',
] as const satisfies readonly SocialPlatform[];
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/**
 * Media files of a video (HLS playlists and segments, poster, storyboard, subtitles) are served at
 * `GET /media/{key}`, e.g. `/media/videos/12/345/hls/master.m3u8`. A request is authorised by the
 * API token in the Authorization header, or by the signed token in the `t` query parameter that
 * the video's `playback` URLs carry (for `<img>`, `<track>` and players that cannot send headers).
 * Playlists and the storyboard's WebVTT served with `?t=` have their relative URLs rewritten to
 * carry the same token, so hls.js needs no xhrSetup. A token is valid for one video's files for
 * MEDIA_TOKEN_TTL_SECONDS at least; the playback URLs of a video stay the same for
 * MEDIA_TOKEN_STEP_SECONDS, so browsers can cache what they fetch.
 */
export const MEDIA_PATH = '/media';
export const MEDIA_TOKEN_PARAM = 't';
/**
 * The encode a segment URL names (`&v=`, in the playlists served with `?t=`): a segment's bytes
 * never change under one version, so it is cached for good (`immutable`); a new encode of the
 * video gives its segments new URLs.
 */
export const MEDIA_VERSION_PARAM = 'v';
export const MEDIA_TOKEN_TTL_SECONDS = 4 * 60 * 60;
export const MEDIA_TOKEN_STEP_SECONDS = 15 * 60;
/** How long a download link (videoPaths.downloadLink) opens the original. */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

/**
 * DOWNLOAD (issue 47.5): a published video's MP4 that fans download from the embed page, when the
 * account holds the module and the video says `downloadable`. DECISION: it is the ladder's top
 * rung remuxed into an MP4 (no second encode: the same picture, the watermark included) by the
 * encode that makes the ladder, stored beside it; a video switched to downloadable after its
 * encode is encoded again while it keeps playing. Served by the media route (`?t=` of the page's
 * signed URLs, scoped like them) as an attachment; each download started counts in the stats.
 */
export const DOWNLOAD_MODULE = 'DOWNLOAD';
export const DOWNLOAD_FILE = 'download.mp4';

/** Content types of the media files, by extension. */
export const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
};

export const videoPaths = {
  videos: `${MAIN_API}/videos`,
  video: (id: number | string) => `${MAIN_API}/videos/${id}`,
  /** POST {filename, size, contentType, videoId?, uploadId?} → upload session (spec: url-multipart). */
  uploadUrlMultipart: `${MAIN_API}/videos/upload/url-multipart`,
  /** POST {uploadId} → assembles the parts, queues the encode job (spec: complete-multipart). */
  uploadCompleteMultipart: `${MAIN_API}/videos/upload/complete-multipart`,
  /** GET → the session and the parts already received (resume after a reload). */
  uploadSession: (uploadId: string) => `${MAIN_API}/videos/upload/${uploadId}`,
  /** PUT, body application/octet-stream: one part. */
  uploadPart: (uploadId: string, partNumber: number | string) =>
    `${MAIN_API}/videos/upload/${uploadId}/parts/${partNumber}`,
  importUrl: `${MAIN_API}/videos/import-url`,
  encodingJob: (id: number | string) => `${MAIN_API}/videos/${id}/encoding-job`,
  subtitles: (id: number | string, language: string) => `${MAIN_API}/videos/${id}/subtitles/${language}`,
  /** GET (Bearer, or `?t=` from download-link): the original, as an attachment. */
  download: (id: number | string) => `${MAIN_API}/videos/${id}/download`,
  /**
   * GET → {url, expiresAt}: the download URL signed for DOWNLOAD_LINK_TTL_SECONDS, so the
   * browser saves a file of several GB straight to disk instead of holding it in memory.
   */
  downloadLink: (id: number | string) => `${MAIN_API}/videos/${id}/download-link`,
  /** POST → 202 the publication made to the target through the user's link (videos.schemas shareResponse). */
  share: (id: number | string, target: string) => `${MAIN_API}/videos/${id}/share/${target}`,
  /** GET → {data, total}: the video's publications, newest first (state, progress, url once published). */
  shares: (id: number | string) => `${MAIN_API}/videos/${id}/shares`,
  /** GET → every target: linkable on this server, actively linked by the current user. */
  shareTargets: `${MAIN_API}/videos/share-targets`,
} as const;

/** Job types of videos, and the resourceType their jobs carry (GET jobs?resourceType=Video&resourceId=…). */
export const VIDEO_JOB_TYPES = {
  import: 'video.import',
  encode: 'video.encode',
  purge: 'video.purge',
  /** Removes media a re-encode replaced (a live clip's instant copy), once players are done with them. */
  purgeReplaced: 'video.purge-replaced',
  /** No longer queued: a share is a publication (social.publish). Old jobs of the type may remain in the list. */
  share: 'video.share',
  /** Cuts a clip into a new video (contract clips.ts); resourceId is the clip video's id. */
  clip: 'video.clip',
} as const;
export const VIDEO_RESOURCE_TYPE = 'Video';

export const VIDEO_MESSAGES = messageCatalog('VIDEO_MESSAGES', {
  notFound: (id: number | string) => `Video ${id} not found`,
  uploadNotFound: (uploadId: string) => `Upload ${uploadId} not found`,
  uploadExpired: (uploadId: string) => `Upload ${uploadId} has expired: start the upload again`,
  uploadClosed: (uploadId: string, state: string) => `Upload ${uploadId} is ${state}: no more parts are accepted`,
  uploadDifferentFile: 'This upload is for another file (name or size differ): start a new upload',
  tooLarge: `The file is too large (limit ${VIDEO_MAX_BYTES / 1024 ** 3} GiB)`,
  badPartNumber: (partNumber: number, parts: number) =>
    `Part ${partNumber} does not exist: this upload has parts 1 to ${parts}`,
  badPartLength: (partNumber: number, expected: number, received: number) =>
    `Part ${partNumber} must be ${expected} bytes long, ${received} were sent`,
  partContentType: 'Send the part as application/octet-stream',
  missingParts: (missing: readonly number[]) =>
    `Parts missing: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}; send them, then complete again`,
  videoHasFile: (id: number | string, state: string) =>
    `Video ${id} already has its file (it is ${state}): create another video to upload another file`,
  noOriginal: (id: number | string) => `Video ${id} has no original file yet`,
  downloadLinkExpired: 'This download link has expired: download the video again from its page',
  importScheme: 'Only http and https URLs can be imported',
  importBadUrl: 'Not a valid URL',
  importUnresolved: (host: string) => `The host ${host} could not be resolved`,
  importRefused: (host: string, address: string) =>
    `Refused: ${host} is at ${address}, a private, loopback, link-local or otherwise non-public address`,
  importTooManyRedirects: `Too many redirects (more than ${VIDEO_IMPORT_MAX_REDIRECTS})`,
  importHttpStatus: (status: number) => `The server answered HTTP ${status}`,
  importTooLarge: (limit: number) => `The file is larger than the import limit (${limit} bytes)`,
  importTimedOut: (seconds: number) => `The download took longer than ${seconds} s`,
  subtitlesNotFound: (id: number | string, language: string) => `Video ${id} has no ${language} subtitles`,
  subtitlesTooLarge: `Subtitles are limited to ${SUBTITLE_MAX_BYTES / 1024 / 1024} MiB`,
  subtitlesContentType: 'Send subtitles as text/vtt, application/x-subrip, or JSON ({format, content} or a cue list)',
  uploadNotCompleted: 'The upload was not completed in time',
  mediaNotFound: 'Media file not found',
  originalMissing: 'The original file is missing from storage',
  importStalled: 'The server stopped sending data',
  importCutShort: (bytes: number, size: number) => `The download stopped after ${bytes} of ${size} bytes`,
  /** A subtitle file's first mistake; the mistake is the parser's words (they quote the file). */
  subtitleMistake: (line: number, mistake: string) => `Line ${line}: ${mistake}`,
  subtitleMistakeAlone: (mistake: string) => mistake,
  encodeStillRunning: (id: number | string) => `Video ${id} is already being encoded`,
});
