import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog, schemaMessage } from './messages.ts';
import { publicationResponse } from './publications.ts';
import { EVENT_READ_RULE, EVENT_WRITE_RULE } from './resources/events.ts';
import { SHARE_TARGETS } from './videos.ts';

/**
 * Reposts of an event (spec §7 POST events/{id}/reposts): its replay, or one of its clips,
 * published to the user's linked social accounts as publications (contract publications.ts), the
 * same path as POST videos/{id}/share/{target}: one publication per target, as the user who asks,
 * titled with the video's title, the message (or the video's description) as its caption. Each
 * target answers on its own: `queued` with its publication, or `refused` with the reasons (no
 * link, a link to reconnect, a platform's limit); one target's refusal never stops the others.
 * Every repost is kept, so the panel shows each target's publication as it is now (GET): its
 * state, and the post's URL once published.
 */

export const REPOST_MESSAGE_MAX = 500;
export const REPOSTS_LIST_LIMIT = 50;

export const REPOST_WRITE_RULE: AccessRule = EVENT_WRITE_RULE;
export const REPOST_READ_RULE: AccessRule = EVENT_READ_RULE;

/** What happened to one target of a repost: a publication was made, or it was refused (nothing made). */
export const REPOST_OUTCOMES = ['queued', 'refused'] as const;
export type RepostOutcome = (typeof REPOST_OUTCOMES)[number];

export const repostPaths = {
  /** POST repostBody → 202 {video id, results per target}; GET → {data: reposts newest first}. */
  list: (eventId: number | string) => `${MAIN_API}/events/${eventId}/reposts`,
} as const;

export const REPOST_MESSAGES = messageCatalog('REPOST_MESSAGES', {
  noVideo: (id: number | string) => `Event ${id} has no replay video: set its video or choose one of its clips`,
  notEventVideo: (id: number | string) => `Video ${id} is neither the replay nor a clip of this event`,
  notReady: (id: number | string) => `Video ${id} is not ready yet: it can be reposted once encoded`,
  duplicateTargets: 'Choose each target once',
});

export const repostBody = z
  .object({
    targets: z
      .array(z.enum(SHARE_TARGETS))
      .min(1)
      .max(SHARE_TARGETS.length)
      .refine((targets) => new Set(targets).size === targets.length, schemaMessage(REPOST_MESSAGES.duplicateTargets)),
    /** The replay (default) or one of the event's clips. */
    videoId: z.number().int().positive().optional(),
    /** The publications' caption; the video's own description when left out. */
    message: z.string().trim().max(REPOST_MESSAGE_MAX).optional(),
  })
  .strict();
export type RepostBody = z.infer<typeof repostBody>;

/** Why a target was refused: the publication's messages (contract publications.ts), in the caller's language. */
const reasons = z.array(z.string());

export const repostResult = z.object({
  target: z.enum(SHARE_TARGETS),
  outcome: z.enum(REPOST_OUTCOMES),
  /** The publication made (`queued`), null when refused. */
  publication: publicationResponse.nullable(),
  /** Empty when queued. */
  reasons,
});
export type RepostResult = z.infer<typeof repostResult>;
export const repostResponse = z.object({ videoId: z.number(), results: z.array(repostResult) });
export type RepostResponse = z.infer<typeof repostResponse>;

/**
 * A repost as listed: the target's publication as it is now (its state, progress, `url` once
 * published, `error` once failed); null when refused, or when the publication no longer exists
 * (its video was deleted).
 */
export const repostItem = z.object({
  id: z.number(),
  videoId: z.number().nullable(),
  videoTitle: z.string().nullable(),
  target: z.enum(SHARE_TARGETS),
  outcome: z.enum(REPOST_OUTCOMES),
  message: z.string().nullable(),
  reasons,
  publication: publicationResponse.nullable(),
  createdAt: isoDateTime,
});
export type RepostItem = z.infer<typeof repostItem>;
export const repostListResponse = z.object({ data: z.array(repostItem) });
export type RepostList = z.infer<typeof repostListResponse>;
