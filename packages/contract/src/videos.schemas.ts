import { z } from 'zod';
import { recordId } from './accounts.ts';
import { isoDateTime } from './datetime.ts';
import { FIELD_MESSAGES } from './errors.ts';
import { jobResponse } from './jobs.schemas.ts';
import { schemaMessage } from './messages.ts';
import { type Publication, publicationResponse } from './publications.ts';
import { referenceId } from './resources/shapes.ts';
import { SHARE_TARGETS, SUBTITLE_LANGUAGES, VIDEO_MAX_BYTES, VIDEO_TITLE_MAX } from './videos.ts';

/** zod schemas of the video calls (spec §7 "Videos", "Streaming upload"); constants in videos.ts. */

/** A video as GET /main-api/videos/{id} answers it: the resource's fields (documented by the engine) and more. */
export const videoRecord = z.looseObject({ id: z.number(), state: z.string() });

/**
 * Added to every presented video: null until the video is ready. URLs are absolute paths (or
 * start with REGIE_PUBLIC_URL) under /media and carry a signed `?t=` token (contract MEDIA_*).
 */
export const videoPlayback = z
  .object({
    /** The HLS master playlist: give it to hls.js (or to Safari's <video> as is). */
    hlsUrl: z.string(),
    posterUrl: z.string().nullable(),
    /** WebVTT whose cues point at cells of the storyboard sprite (`sprite.jpg?t=…#xywh=x,y,w,h`). */
    storyboardVttUrl: z.string().nullable(),
    subtitles: z.array(z.object({ language: z.enum(SUBTITLE_LANGUAGES), url: z.string() })),
  })
  .nullable();
export type VideoPlayback = z.infer<typeof videoPlayback>;

/** An upload id in a path: url-safe random text. */
export const uploadId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, schemaMessage(FIELD_MESSAGES.uploadId));

/**
 * POST /main-api/videos/upload/url-multipart. Without `uploadId`: starts an upload (a new video
 * titled after the file, or the given `videoId`, which must still be waiting for its file). With
 * `uploadId`: resumes that upload (same file name and size), answering which parts it already has.
 */
export const multipartUploadRequest = z
  .object({
    filename: z.string().trim().min(1).max(255),
    size: z.number().int().positive().max(VIDEO_MAX_BYTES),
    contentType: z
      .string()
      .trim()
      .max(100)
      .regex(/^[\w.+-]+\/[\w.+-]+$/, schemaMessage(FIELD_MESSAGES.contentType))
      .default('application/octet-stream'),
    videoId: referenceId.optional(),
    uploadId: uploadId.optional(),
  })
  .strict();
export type MultipartUploadRequest = z.infer<typeof multipartUploadRequest>;

export const UPLOAD_SESSION_STATES = ['open', 'completing', 'completed'] as const;

/** The upload session: what url-multipart and GET …/upload/{uploadId} answer. */
export const multipartUploadResponse = z.object({
  uploadId: z.string(),
  videoId: z.number(),
  filename: z.string(),
  size: z.number(),
  /** Every part is this long except the last (contract VIDEO_PART_SIZE). */
  partSize: z.number(),
  state: z.enum(UPLOAD_SESSION_STATES),
  expiresAt: isoDateTime,
  /** PUT each part's bytes (application/octet-stream) to its url, with the usual headers. */
  parts: z.array(z.object({ partNumber: z.number(), size: z.number(), url: z.string() })),
  /** Part numbers already stored: a resumed upload sends only the others. */
  receivedParts: z.array(z.number()),
});
export type MultipartUploadResponse = z.infer<typeof multipartUploadResponse>;

/** PUT /main-api/videos/upload/{uploadId}/parts/{n} → the part as stored. */
export const uploadPartResponse = z.object({ partNumber: z.number(), size: z.number(), etag: z.string() });
export const uploadPartParams = z.object({ uploadId, partNumber: z.coerce.number().int().min(1).max(10_000) });

/** POST /main-api/videos/upload/complete-multipart */
export const completeMultipartRequest = z.object({ uploadId }).strict();

/** complete-multipart and import-url (202): the video and the job now working on it. */
export const videoJobResponse = z.object({ video: videoRecord, job: jobResponse.nullable() });
export type VideoJobResponse = z.infer<typeof videoJobResponse>;
/** A video as the API presents it (GET videos/{id}). */
export type PresentedVideo = z.infer<typeof videoRecord>;

/** POST /main-api/videos/import-url: the file is downloaded by a job (GET jobs?resourceType=Video…). */
export const importUrlRequest = z
  .object({
    url: z.string().trim().min(1).max(2_000),
    title: z.string().trim().min(1).max(VIDEO_TITLE_MAX).optional(),
  })
  .strict();

export const videoIdParams = z.object({ id: recordId });
/** GET videos/{id}/download: `t`, a download link's token, stands in for the Bearer token. */
export const downloadQuery = z.object({ t: z.string().max(100).optional() });
export const downloadLinkResponse = z.object({ url: z.string(), expiresAt: isoDateTime });
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponse>;
export const subtitleParams = z.object({ id: recordId, language: z.enum(SUBTITLE_LANGUAGES) });
export const shareParams = z.object({ id: recordId, target: z.enum(SHARE_TARGETS) });

/** One subtitle cue, times in seconds (millisecond precision). */
export const subtitleCue = z
  .object({
    id: z.string().max(200).nullable().default(null),
    start: z.number().min(0),
    end: z.number().min(0),
    text: z.string().max(2_000),
  })
  .strict()
  .refine((cue) => cue.end > cue.start, { message: schemaMessage(FIELD_MESSAGES.cueOrder), path: ['end'] });
export type SubtitleCue = z.infer<typeof subtitleCue>;

/** GET …/subtitles/{language} answers the cues; PUT takes them back (or a file, see below). */
export const subtitleCues = z.array(subtitleCue).max(20_000);

/**
 * PUT /main-api/videos/{id}/subtitles/{language} as JSON: `{format, content}` holding a WebVTT or
 * SRT file, or the cue list itself. The raw file is accepted as text/vtt or application/x-subrip.
 */
export const subtitleFileBody = z
  .object({ format: z.enum(['vtt', 'srt']), content: z.string().max(2 * 1024 * 1024) })
  .strict();
export const subtitleJsonBody = z.union([subtitleFileBody, subtitleCues]);

/**
 * POST /main-api/videos/{id}/share/{target} → 202: the publication it made (contract
 * publications.ts), as the asking user's link to the target; its state is then followed on
 * GET …/shares (or the publications calls) until `published` with its `url`. While a publication
 * of the video to that platform by the same user is under way, that one is the answer.
 */
export const shareResponse = publicationResponse;
export type ShareResponse = Publication;

/** GET /main-api/videos/share-targets: what the share buttons show for the current user. */
export const shareTargetsResponse = z.array(
  z.object({
    target: z.enum(SHARE_TARGETS),
    name: z.string(),
    /** The server can link the platform (its app credentials, or the local stand-in). */
    configured: z.boolean(),
    /** The current user has an active link to the platform (Settings › Social networks). */
    linked: z.boolean(),
  }),
);
export type ShareTargetsResponse = z.infer<typeof shareTargetsResponse>;

/** GET /main-api/videos/{id}/shares: the video's publications, newest first (as GET …/publications). */
export const sharesResponse = z.object({ data: z.array(publicationResponse), total: z.number().int() });
export type SharesResponse = z.infer<typeof sharesResponse>;
