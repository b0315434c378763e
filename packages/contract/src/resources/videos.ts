import { z } from 'zod';
import { geoRule } from '../geo.schemas.ts';
import { LANGUAGES } from '../languages.ts';
import { VIDEO_DESCRIPTION_MAX, VIDEO_READ_RULE, VIDEO_STATES, VIDEO_TITLE_MAX } from '../videos.ts';
import { defineResource } from './define.ts';
import { registeredWriteRule } from './registry.ts';
import { referenceId } from './shapes.ts';

/** What ffprobe told of the original (contract media.ts TechnicalMetadata). */
export const technicalMetadata = z.object({
  durationSeconds: z.number(),
  width: z.number(),
  height: z.number(),
  videoCodec: z.string(),
  audioCodec: z.string().nullable(),
  hasAudio: z.boolean(),
  bitrate: z.number().nullable(),
  fps: z.number().nullable(),
  formatName: z.string(),
  sizeBytes: z.number().nullable(),
});

const serverSet = { readOnly: true } as const;

/**
 * Videos (menu medias/videos). A video is made by POST (its details, then an upload or an import
 * brings the file) or directly by POST …/upload/url-multipart and …/import-url (contract
 * videos.ts). Everything the pipeline finds out is server-set. A user holding own_videos_only,
 * without video_write or video_download, sees only the videos they uploaded (`ownerId`).
 * GET responses add `playback` (contract videos.schemas.ts) once the video is ready.
 */
export const videosResource = defineResource({
  name: 'videos',
  gateway: 'main',
  labelKey: 'resource.videos',
  fields: z.object({
    title: z.string().trim().min(1).max(VIDEO_TITLE_MAX),
    description: z.string().trim().max(VIDEO_DESCRIPTION_MAX).default(''),
    published: z.boolean().default(false),
    /** GEO_BLOCKING: its own rule in place of the account's (contract geo.ts); null: the account's. */
    geoBlocking: geoRule.nullable().default(null),
    /** RESTRAINED_ACCESS: only the club's signed-in fans watch it (contract viewer-access.ts). */
    fansOnly: z.boolean().default(false),
    /** WATERMARK: true keeps the account's logo off this video's picture (contract watermark.ts). */
    watermarkOff: z.boolean().default(false),
    /** DOWNLOAD: fans may download its MP4 (with the watermark) from the embed (contract videos.ts DOWNLOAD_FILE). */
    downloadable: z.boolean().default(false),
    /** The account's watermark version its media were encoded with; null: none burned in. */
    watermarkVersion: z.number().int().nullable().default(null),
    /** Ids of the account's tags. */
    tags: z.array(referenceId).max(100).default([]),
    /** A sport of the account or of the platform (the SportId context filter narrows by it). */
    sportId: referenceId.nullable().default(null),
    state: z.enum(VIDEO_STATES).default('uploading'),
    /** Why the video is `failed`, in words a person understands. */
    failureReason: z.string().nullable().default(null),
    /** Seconds. */
    duration: z.number().nullable().default(null),
    width: z.number().int().nullable().default(null),
    height: z.number().int().nullable().default(null),
    metadata: technicalMetadata.nullable().default(null),
    /** The original file's name, as uploaded (the download's file name). */
    filename: z.string().nullable().default(null),
    /** Bytes of the original. */
    size: z.number().nullable().default(null),
    contentType: z.string().nullable().default(null),
    /** Storage keys (under videos/{AccountId}/{id}/); browsers use `playback` URLs instead. */
    originalKey: z.string().nullable().default(null),
    hlsKey: z.string().nullable().default(null),
    posterKey: z.string().nullable().default(null),
    storyboardKey: z.string().nullable().default(null),
    storyboardVttKey: z.string().nullable().default(null),
    subtitleLanguages: z.array(z.enum(LANGUAGES)).default([]),
    /** The user who uploaded or imported it. */
    ownerId: z.number().int().nullable().default(null),
  }),
  ui: {
    title: { widget: 'limitedText', textLimit: VIDEO_TITLE_MAX, tab: 'infos' },
    description: { widget: 'textarea', tab: 'infos' },
    published: { widget: 'switch', tab: 'infos' },
    geoBlocking: { widget: 'geoRule', tab: 'infos', requiredModule: 'GEO_BLOCKING' },
    fansOnly: { widget: 'switch', tab: 'infos', requiredModule: 'RESTRAINED_ACCESS' },
    watermarkOff: { widget: 'switch', tab: 'infos', requiredModule: 'WATERMARK' },
    downloadable: { widget: 'switch', tab: 'infos', requiredModule: 'DOWNLOAD' },
    watermarkVersion: { widget: 'number', tab: 'infos', requiredModule: 'WATERMARK', ...serverSet },
    tags: { widget: 'references', reference: 'tags', tab: 'infos' },
    sportId: { widget: 'reference', reference: 'sports', tab: 'infos' },
    state: { widget: 'select', options: VIDEO_STATES, tab: 'infos', ...serverSet },
    failureReason: { widget: 'text', tab: 'infos', ...serverSet },
    duration: { widget: 'number', tab: 'infos', ...serverSet },
    width: { widget: 'number', tab: 'infos', ...serverSet },
    height: { widget: 'number', tab: 'infos', ...serverSet },
    metadata: { widget: 'json', tab: 'infos', ...serverSet },
    filename: { widget: 'text', tab: 'infos', ...serverSet },
    size: { widget: 'number', tab: 'infos', ...serverSet },
    contentType: { widget: 'text', tab: 'infos', ...serverSet },
    originalKey: { widget: 'text', tab: 'infos', ...serverSet },
    hlsKey: { widget: 'text', tab: 'infos', ...serverSet },
    posterKey: { widget: 'text', tab: 'infos', ...serverSet },
    storyboardKey: { widget: 'text', tab: 'infos', ...serverSet },
    storyboardVttKey: { widget: 'text', tab: 'infos', ...serverSet },
    subtitleLanguages: { widget: 'multiSelect', options: LANGUAGES, tab: 'subtitles', ...serverSet },
    ownerId: { widget: 'number', tab: 'infos', ...serverSet },
  },
  columns: ['title', 'state', 'published', 'duration', 'updatedAt'],
  filters: ['published', 'state', 'tags', 'sportId', 'ownerId'],
  sortable: ['title', 'state', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  search: ['title'],
  translatable: ['title', 'description'],
  relations: {
    Tags: { resource: 'tags', kind: 'manyToMany', through: 'video_tags' },
    Sport: { resource: 'sports', kind: 'one', foreignKey: 'sportId' },
  },
  access: { read: VIDEO_READ_RULE, write: registeredWriteRule('videos') },
  tenancy: 'account',
});
