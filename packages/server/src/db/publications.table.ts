import type { Message } from '@regie/contract/messages';
import type { PublicationState } from '@regie/contract/publications';
import type { SocialPlatform } from '@regie/contract/social';
import type { Aspect } from '@regie/contract/vertical';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.table.ts';
import { clipRules } from './clip-rules.table.ts';
import { timestamps } from './columns.ts';
import { socialLinks } from './social-links.table.ts';
import { users } from './users.table.ts';
import { videos } from './videos.table.ts';

/**
 * Where an upload stands on the platform, kept after each step so that a retry or a restarted
 * worker resumes it (or finds the post already made) instead of posting twice.
 */
export interface PublicationProgress {
  /** The platform's upload session (YouTube's session URL, Facebook's session id, X's media id, TikTok's publish id). */
  session?: string | null;
  /** TikTok's upload URL, Dailymotion's uploaded file URL, Instagram's container id. */
  uploadUrl?: string | null;
  /** Bytes the platform confirmed. */
  sentBytes?: number;
  totalBytes?: number;
  /** The post's id on the platform, once it exists (processing or published). */
  postId?: string | null;
}

/**
 * A video sent to one linked social account (contract publications.ts): its caption and shape,
 * its schedule, its state and the time of each stage. The link may go (set null): the account's
 * name stays for the history.
 */
export const publications = pgTable(
  'publications',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    linkId: integer('link_id').references(() => socialLinks.id, { onDelete: 'set null' }),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    accountName: text('account_name').notNull(),
    targetName: text('target_name'),
    aspect: text('aspect').$type<Aspect>().notNull(),
    title: text('title').notNull().default(''),
    caption: text('caption').notNull().default(''),
    thumbnailSeconds: doublePrecision('thumbnail_seconds'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    state: text('state').$type<PublicationState>().notNull(),
    progress: integer('progress'),
    /** Sent with every platform call that creates something, and kept: a retry never posts twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    upload: jsonb('upload').$type<PublicationProgress>().notNull().default({}),
    externalId: text('external_id'),
    url: text('url'),
    error: jsonb('error').$type<Message>(),
    attempts: integer('attempts').notNull().default(0),
    /** The clip rule that made it (issue 41 point 3); its clip's marker, made and ready times. */
    ruleId: integer('rule_id').references(() => clipRules.id, { onDelete: 'set null' }),
    markerAt: timestamp('marker_at', { withTimezone: true }),
    clipMadeAt: timestamp('clip_made_at', { withTimezone: true }),
    clipReadyAt: timestamp('clip_ready_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    renderedAt: timestamp('rendered_at', { withTimezone: true }),
    uploadStartedAt: timestamp('upload_started_at', { withTimezone: true }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('publications_idempotency_key_unique').on(table.idempotencyKey),
    index('publications_account_created_id_idx').on(table.accountId, table.createdAt, table.id),
    index('publications_video_idx').on(table.videoId),
    index('publications_state_scheduled_idx').on(table.state, table.scheduledAt),
    // A rule publishes each of its clips once per platform, however often it is told the clip is ready.
    uniqueIndex('publications_rule_video_platform_unique')
      .on(table.ruleId, table.videoId, table.platform)
      .where(sql`${table.ruleId} is not null`),
  ],
);
export type PublicationRow = typeof publications.$inferSelect;
