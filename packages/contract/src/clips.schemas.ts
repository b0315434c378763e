import { z } from 'zod';
import { recordId } from './accounts.ts';
import { CLIP_MAX_SECONDS, CLIP_MESSAGES, CLIP_ORIGINS, CLIP_SOURCES_LIMIT } from './clips.ts';
import { isoDateTime } from './datetime.ts';
import { clipGraphicIds } from './graphics.ts';
import { jobResponse } from './jobs.schemas.ts';
import { schemaMessage } from './messages.ts';
import { referenceId } from './resources/shapes.ts';
import { videoJobResponse, videoPlayback } from './videos.schemas.ts';
import { VIDEO_STATES, VIDEO_TITLE_MAX } from './videos.ts';

/** zod schemas of the clip calls; constants, paths and messages in clips.ts. */

const seconds = z.number().finite().min(0);
const clipTitle = z.string().trim().min(1).max(VIDEO_TITLE_MAX);

/**
 * POST /main-api/videos/{id}/clips. `title` defaults to "<source title> – clip"; `clipSkinId`
 * dresses the clip; `clipTemplateId` brings its skin when `clipSkinId` is left out.
 */
export const createClipBody = z
  .object({
    inSeconds: seconds,
    outSeconds: seconds,
    title: clipTitle.optional(),
    clipSkinId: referenceId.nullable().optional(),
    clipTemplateId: referenceId.nullable().optional(),
    /** Graphics of the account burnt into the cut, in order (contract graphics.ts). */
    graphicIds: clipGraphicIds.optional(),
  })
  .strict()
  .refine((body) => body.outSeconds > body.inSeconds, {
    message: schemaMessage(CLIP_MESSAGES.inNotBeforeOut),
    path: ['outSeconds'],
  })
  .refine((body) => body.outSeconds - body.inSeconds <= CLIP_MAX_SECONDS, {
    message: schemaMessage(CLIP_MESSAGES.tooLong),
    path: ['outSeconds'],
  });
export type CreateClipBody = z.infer<typeof createClipBody>;

/**
 * POST /main-api/events/{id}/markers/{markerId}/clips?offset=n. The clip starts `offset` seconds
 * before the marker (default: the template's secondsBefore) and ends the template's secondsAfter
 * after the marker's end (its time plus its duration). The template is the given one, else the
 * account's default one, else CLIP_TEMPLATE_SECONDS' defaults without a skin.
 */
/**
 * POST events|business-players/{id}/live-clips: the same body as a video's clip, its times counted
 * from the live's start (clipPaths.liveClips).
 */
export const liveClipBody = createClipBody;
export const liveClipParams = z.object({ id: recordId });
/** GET events|business-players/{id}/live-clips/window (clipPaths.liveWindow). */
export const liveWindowResponse = z.object({
  /** Wall-clock time (ISO) of second 0: the live's first program segment. */
  origin: z.string(),
  /** The oldest second still in the DVR window. */
  fromSeconds: z.number(),
  /** The end of the last segment indexed. */
  toSeconds: z.number(),
});
export type LiveWindowResponse = z.infer<typeof liveWindowResponse>;

export const markerClipBody = z
  .object({
    clipTemplateId: referenceId.nullable().optional(),
    /** Graphics of this event burnt into the cut, in order (contract graphics.ts). */
    graphicIds: clipGraphicIds.optional(),
    /** Dresses the clip in this skin instead of the template's (null: no skin). */
    clipSkinId: referenceId.nullable().optional(),
    title: clipTitle.optional(),
  })
  .strict();
export type MarkerClipBody = z.infer<typeof markerClipBody>;
export const markerClipQuery = z
  .object({ offset: z.coerce.number().finite().min(0).max(CLIP_MAX_SECONDS).optional() })
  .strict();
export const markerClipParams = z.object({ id: recordId, markerId: recordId });
export const eventIdParams = z.object({ id: recordId });

/** Added to every presented video: where a clip was cut from; null for other videos. */
export const videoClipInfo = z
  .object({
    sourceVideoId: z.number().nullable(),
    inSeconds: z.number(),
    outSeconds: z.number(),
    clipSkinId: z.number().nullable(),
    clipTemplateId: z.number().nullable(),
    markerId: z.number().nullable(),
    eventId: z.number().nullable(),
  })
  .nullable();
export type VideoClipInfo = z.infer<typeof videoClipInfo>;

const presentedVideo = videoJobResponse.shape.video;

/** 202 of both POSTs: the new clip video as GET videos/{id} presents it, and its video.clip job. */
export const clipResponse = z.object({ video: presentedVideo, job: jobResponse });
export type ClipResponse = z.infer<typeof clipResponse>;

/** GET …/clips paging (the same limits as the sources). */
export const clipListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(CLIP_SOURCES_LIMIT.max).default(CLIP_SOURCES_LIMIT.max),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();

/** GET …/clips: the clip videos, newest first. */
export const clipListResponse = z.object({ data: z.array(presentedVideo), total: z.number() });
export type ClipListResponse = z.infer<typeof clipListResponse>;

/** GET /main-api/clips: the account's clips (contract clips.ts clipPaths.list). */
export const accountClipsQuery = z
  .object({
    search: z.string().trim().max(200).optional(),
    eventId: z.coerce.number().int().positive().optional(),
    state: z.enum(VIDEO_STATES).optional(),
    origin: z.enum(CLIP_ORIGINS).optional(),
    /** Only these clips (ids separated by commas, 100 at most): the approval queue's previews. */
    ids: z
      .string()
      .regex(/^\d+(,\d+){0,99}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(CLIP_SOURCES_LIMIT.max).default(CLIP_SOURCES_LIMIT.default),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type AccountClipsQuery = z.infer<typeof accountClipsQuery>;
export const accountClipsResponse = clipListResponse.extend({
  /** The events the listed clips were made for (their clip.eventId), to name them. */
  events: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AccountClipsResponse = z.infer<typeof accountClipsResponse>;

/** GET /main-api/clips/sources */
export const clipSourcesQuery = z
  .object({
    search: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(CLIP_SOURCES_LIMIT.max).default(CLIP_SOURCES_LIMIT.default),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export const clipSource = z.object({
  id: z.number(),
  title: z.string(),
  duration: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  playback: videoPlayback,
  createdAt: isoDateTime,
});
export type ClipSource = z.infer<typeof clipSource>;
export const clipSourcesResponse = z.object({ data: z.array(clipSource), total: z.number() });
export type ClipSourcesResponse = z.infer<typeof clipSourcesResponse>;
