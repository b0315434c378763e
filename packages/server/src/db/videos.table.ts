import type { GeoRule } from '@regie/contract/geo';
import type { TechnicalMetadata } from '@regie/contract/media';
import type { Message } from '@regie/contract/messages';
import { type ShareTarget, VIDEO_STATES, type VideoState } from '@regie/contract/videos';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { clipSkins } from './clip-skins.table.ts';
import { clipTemplates } from './clip-templates.table.ts';
import { timestamps } from './columns.ts';
import { events, markers } from './events.table.ts';
import { sports } from './sports.table.ts';
import { tags } from './tags.table.ts';
import { users } from './users.table.ts';

/** Videos of an account (contract resources/videos.ts); files live in storage under videos/{account}/{id}/. */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    published: boolean('published').notNull().default(false),
    /** Its own geo blocking rule in place of the account's (contract geo.ts); null: the account's. */
    geoBlocking: jsonb('geo_blocking').$type<GeoRule>(),
    /** RESTRAINED_ACCESS: for the club's signed-in fans only. */
    fansOnly: boolean('fans_only').notNull().default(false),
    /** WATERMARK: the account's logo kept off this video's picture (contract watermark.ts). */
    watermarkOff: boolean('watermark_off').notNull().default(false),
    /** DOWNLOAD: its MP4 may be downloaded from the embed. */
    downloadable: boolean('downloadable').notNull().default(false),
    /** The fans' MP4 (videos/{account}/{id}/download.mp4), made by the encode while downloadable; null: none. */
    downloadKey: text('download_key'),
    /** The account's watermark version its current media carry; null: no watermark burned in. */
    watermarkVersion: integer('watermark_version'),
    sportId: integer('sport_id').references(() => sports.id, { onDelete: 'set null' }),
    state: text('state').$type<VideoState>().notNull().default('uploading'),
    /** Why the video is failed: a Message of the contract's catalogs (rendered where shown). */
    failureReason: jsonb('failure_reason').$type<Message>(),
    duration: doublePrecision('duration'),
    width: integer('width'),
    height: integer('height'),
    metadata: jsonb('metadata').$type<TechnicalMetadata>(),
    filename: text('filename'),
    size: bigint('size', { mode: 'number' }),
    contentType: text('content_type'),
    originalKey: text('original_key'),
    hlsKey: text('hls_key'),
    posterKey: text('poster_key'),
    storyboardKey: text('storyboard_key'),
    storyboardVttKey: text('storyboard_vtt_key'),
    subtitleLanguages: text('subtitle_languages').array().notNull().default([]),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    // A clip (packages/server/src/clips): where it was cut from. clipInSeconds is set on clips only;
    // the links are cleared, the clip kept, when the source, skin, template, marker or event goes.
    sourceVideoId: integer('source_video_id').references((): AnyPgColumn => videos.id, { onDelete: 'set null' }),
    clipInSeconds: doublePrecision('clip_in_seconds'),
    clipOutSeconds: doublePrecision('clip_out_seconds'),
    clipSkinId: integer('clip_skin_id').references(() => clipSkins.id, { onDelete: 'set null' }),
    clipTemplateId: integer('clip_template_id').references(() => clipTemplates.id, { onDelete: 'set null' }),
    clipMarkerId: integer('clip_marker_id').references((): AnyPgColumn => markers.id, { onDelete: 'set null' }),
    clipEventId: integer('clip_event_id').references((): AnyPgColumn => events.id, { onDelete: 'set null' }),
    // A skinned clip of an account with the 9:16 module: its cut without the skin (storage key),
    // what its renditions in other aspects are cut and skinned from, and where that cut starts
    // in the clip (its pre-roll's seconds): reframe paths are in the clip's own times.
    clipCleanKey: text('clip_clean_key'),
    clipCleanOffset: doublePrecision('clip_clean_offset'),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    // The default sort (newest first) and its keyset condition within one account.
    index('videos_account_created_id_idx').on(table.accountId, table.createdAt, table.id),
    index('videos_account_title_id_idx').on(table.accountId, table.title, table.id),
    index('videos_owner_id_idx').on(table.ownerId),
    index('videos_source_video_id_idx').on(table.sourceVideoId),
    index('videos_clip_event_id_idx').on(table.clipEventId),
    check('videos_state_valid', sql.raw(`state in (${VIDEO_STATES.map((state) => `'${state}'`).join(', ')})`)),
  ],
);

/**
 * A share to make once the video is ready (the -dailymotion end of a live: its replay goes to
 * Dailymotion when encoded). The encode job that makes the video ready publishes each one through
 * its user's link (a publication) and deletes it, in one transaction (videos/share.pending.ts).
 */
export const videoPendingShares = pgTable(
  'video_pending_shares',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    target: text('target').$type<ShareTarget>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.target] })],
);

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.tagId] }), index('video_tags_tag_id_idx').on(table.tagId)],
);

/**
 * A resumable upload (POST …/upload/url-multipart): the parts received so far are rows of
 * upload_parts and bytes in storage, so an upload survives a reload of the page and a restart
 * of the server.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    /** The public uploadId: random, url-safe. */
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    partSize: integer('part_size').notNull(),
    /** Where the assembled original goes, and the storage backend's own multipart upload id. */
    storageKey: text('storage_key').notNull(),
    storageUploadId: text('storage_upload_id').notNull(),
    state: text('state').$type<'open' | 'completing' | 'completed'>().notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [
    index('upload_sessions_video_id_idx').on(table.videoId),
    index('upload_sessions_expires_at_idx').on(table.expiresAt),
    check('upload_sessions_state_valid', sql`${table.state} in ('open', 'completing', 'completed')`),
  ],
);

/** One stored part of an upload; sent again, it is replaced (same part number). */
export const uploadParts = pgTable(
  'upload_parts',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => uploadSessions.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    size: integer('size').notNull(),
    etag: text('etag').notNull(),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.partNumber] })],
);

export type VideoRow = typeof videos.$inferSelect;
export type UploadSessionRow = typeof uploadSessions.$inferSelect;
