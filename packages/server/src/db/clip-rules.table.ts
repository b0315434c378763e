import { CLIP_RULE_MARKER_SOURCES, CLIP_RULE_PUBLISH_MODES, CLIP_RULE_RUN_STATES } from '@regie/contract/clip-rules';
import type { Message } from '@regie/contract/messages';
import type { SocialPlatform } from '@regie/contract/social';
import type { Aspect } from '@regie/contract/vertical';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { clipSkins } from './clip-skins.table.ts';
import { clipTemplates } from './clip-templates.table.ts';
import { timestamps } from './columns.ts';
import { events, markers } from './events.table.ts';
import { markerTypes } from './marker-types.table.ts';
import { users } from './users.table.ts';
import { videos } from './videos.table.ts';

/** Clips that make themselves: an account's rules per marker type (contract resources/clip-rules.ts). */
export const clipRules = pgTable(
  'clip_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // A marker type in use by a rule cannot be deleted, as with markers: the rule would mean nothing.
    markerTypeId: integer('marker_type_id')
      .notNull()
      .references(() => markerTypes.id, { onDelete: 'restrict' }),
    markerSource: text('marker_source', { enum: CLIP_RULE_MARKER_SOURCES }).notNull().default('any'),
    beforeSeconds: doublePrecision('before_seconds').notNull().default(15),
    afterSeconds: doublePrecision('after_seconds').notNull().default(10),
    // The template or skin may be deleted: the rule keeps its timings, undressed.
    clipTemplateId: integer('clip_template_id').references(() => clipTemplates.id, { onDelete: 'set null' }),
    clipSkinId: integer('clip_skin_id').references(() => clipSkins.id, { onDelete: 'set null' }),
    publish: boolean('publish').notNull().default(false),
    /** The other aspects its clips are rendered in once encoded (issue 42, contract vertical.ts). */
    aspects: text('aspects').array().$type<Aspect[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    /**
     * Publishing that runs itself (issue 41 point 3): the platforms its clips go to through the
     * links of `publishAuthorId` (who chose them when saving the rule), with the caption made from
     * `captionTemplate`, at once ('direct') or once a producer approves ('approval').
     */
    publishTargets: text('publish_targets').array().$type<SocialPlatform[]>().notNull().default([]),
    captionTemplate: text('caption_template').notNull().default(''),
    publishMode: text('publish_mode', { enum: CLIP_RULE_PUBLISH_MODES }).notNull().default('approval'),
    publishAuthorId: integer('publish_author_id').references(() => users.id, { onDelete: 'set null' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('clip_rules_account_name_unique').on(table.accountId, table.name),
    index('clip_rules_account_name_id_idx').on(table.accountId, table.name, table.id),
    index('clip_rules_marker_type_idx').on(table.markerTypeId),
    index('clip_rules_clip_template_idx').on(table.clipTemplateId),
    index('clip_rules_clip_skin_idx').on(table.clipSkinId),
    check('clip_rules_marker_source', sql`${table.markerSource} in ('any', 'feed', 'hand')`),
    check(
      'clip_rules_seconds_range',
      sql`${table.beforeSeconds} between 0 and 300 and ${table.afterSeconds} between 0 and 300 and ${table.beforeSeconds} + ${table.afterSeconds} > 0`,
    ),
  ],
);

/**
 * What became of each marker under each rule: one row per (rule, marker), ever. Inserted with
 * ON CONFLICT DO NOTHING, and moved out of 'waiting' in the transaction that makes the clip, so
 * a marker published twice, imported twice, edited or met again by the sweep after a restart
 * gets one clip per rule.
 */
export const clipRuleRuns = pgTable(
  'clip_rule_runs',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => clipRules.id, { onDelete: 'cascade' }),
    markerId: integer('marker_id')
      .notNull()
      .references(() => markers.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    state: text('state', { enum: CLIP_RULE_RUN_STATES }).notNull().default('waiting'),
    /** Not made before: a live's clip waits until the seconds after its marker are recorded. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    clipVideoId: integer('clip_video_id').references(() => videos.id, { onDelete: 'set null' }),
    /** Why it was skipped or failed: a Message of the contract's catalogs. */
    error: jsonb('error').$type<Message>(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('clip_rule_runs_rule_marker_unique').on(table.ruleId, table.markerId),
    index('clip_rule_runs_rule_created_idx').on(table.ruleId, table.createdAt),
    index('clip_rule_runs_marker_idx').on(table.markerId),
    index('clip_rule_runs_event_idx').on(table.eventId),
    index('clip_rule_runs_account_idx').on(table.accountId),
    index('clip_rule_runs_clip_video_idx').on(table.clipVideoId),
    index('clip_rule_runs_waiting_idx').on(table.dueAt).where(sql`${table.state} = 'waiting'`),
  ],
);

export type ClipRuleRow = typeof clipRules.$inferSelect;
export type ClipRuleRunRow = typeof clipRuleRuns.$inferSelect;
