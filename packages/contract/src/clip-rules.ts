// Clips that make themselves (issue 25 point 7): the rule's limits, calls, run states and messages.
// The rule itself is a declared resource (resources/clip-rules.ts).
import { z } from 'zod';
import { recordId } from './accounts.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog } from './messages.ts';

/** Seconds a rule keeps before and after its marker: each within these, together more than 0. */
export const CLIP_RULE_SECONDS = { min: 0, max: 300, defaultBefore: 15, defaultAfter: 10 } as const;
export const CLIP_RULE_NAME_MAX = 80;
/**
 * Which markers a rule clips: any of its type, only those a data feed brought (an import, a
 * subscription: markers with a provider), or only those made by hand. A club that clips its
 * operators' goals by hand can leave the feed's goals to a rule, and the reverse.
 */
export const CLIP_RULE_MARKER_SOURCES = ['any', 'feed', 'hand'] as const;
export type ClipRuleMarkerSource = (typeof CLIP_RULE_MARKER_SOURCES)[number];

/**
 * How a rule's clips reach its social accounts (issue 41 point 3): once a producer approves each
 * (the approval queue), or at once.
 */
export const CLIP_RULE_PUBLISH_MODES = ['approval', 'direct'] as const;
export type ClipRulePublishMode = (typeof CLIP_RULE_PUBLISH_MODES)[number];
/** A caption template's longest: the longest caption of the platforms that take one (Instagram, TikTok). */
export const CAPTION_TEMPLATE_MAX = 2200;
/**
 * The words a caption template fills in from the clip's marker and event: `{home} {score} {away}
 * – {player} {minute}'` becomes `Riverside 2–1 Harbour City – L. Bernardi 67'`. A word the
 * marker cannot fill (no feed behind it: no player) is left out, with the spaces around it.
 */
export const CAPTION_PLACEHOLDERS = ['home', 'away', 'score', 'player', 'minute', 'event', 'type', 'label'] as const;
export type CaptionPlaceholder = (typeof CAPTION_PLACEHOLDERS)[number];

/** Runs listed on a rule's page, newest first. */
export const CLIP_RULE_RUNS_LIMIT = 100;

/**
 * What became of one marker under one rule (one run per rule and marker, ever):
 * waiting (its clip waits until the live has recorded the seconds after the marker, or until the
 * event's replay is ready: uploaded and encoded),
 * made (the clip video exists; it is cut by the usual clip jobs), skipped (nothing to cut from:
 * the event has neither a video nor a live), failed (the clip was refused; `error` says why).
 */
export const CLIP_RULE_RUN_STATES = ['waiting', 'made', 'skipped', 'failed'] as const;
export type ClipRuleRunState = (typeof CLIP_RULE_RUN_STATES)[number];

export const clipRulePaths = {
  /** GET → {data: runs newest first}: the markers this rule clipped (or tried to). */
  runs: (ruleId: number | string) => `${MAIN_API}/clip-rules/${ruleId}/runs`,
} as const;

/** The rule's id in a path. */
export const clipRuleIdParams = z.object({ id: recordId });

export const clipRuleRun = z
  .object({
    id: z.number().int(),
    ruleId: z.number().int(),
    markerId: z.number().int(),
    markerLabel: z.string(),
    markerTimeSeconds: z.number(),
    eventId: z.number().int(),
    eventName: z.string(),
    state: z.enum(CLIP_RULE_RUN_STATES),
    /** The clip video (null until made, or once deleted). */
    clipVideoId: z.number().int().nullable(),
    /** Why it was skipped or failed, in the request's language. */
    error: z.string().nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'ClipRuleRun' });
export type ClipRuleRun = z.infer<typeof clipRuleRun>;
export const clipRuleRunsResponse = z.object({ data: z.array(clipRuleRun) });
export type ClipRuleRunsResponse = z.infer<typeof clipRuleRunsResponse>;

export const CLIP_RULE_MESSAGES = messageCatalog('CLIP_RULE_MESSAGES', {
  secondsTotal: 'Keep at least some seconds before or after the marker',
  ruleNotFound: (id: number | string) => `Clip rule ${id} not found`,
  notPublished: (reasons: string) => `The clip was made but not published everywhere: ${reasons}`,
  authorNotLinked: (platform: string) =>
    `You have no working ${platform} link: link it in Settings › Social networks before the rule publishes there`,
  nothingToCut: (eventId: number | string) =>
    `Event ${eventId} has neither a video nor a live to cut from: no clip was made`,
});
