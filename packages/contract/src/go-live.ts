import { z } from 'zod';
import { MAIN_API, pathParam } from './api.ts';
import { embedSwitchOff } from './embed.ts';
import { SPORT_EVENT_TABS } from './events.tabs.ts';
import { MODULE_CODES } from './modules.ts';

/**
 * What fans get when an event goes live (issue 46.2), read from ONE call so that the Go live
 * dialog, the event's header and the tests agree: GET events/{id}/go-live-checks. DECISIONS:
 * - Each check is `ok`, `warning` (fans miss something) or `off` (not used on this event: no
 *   simulcast of its cameras, no game). A warning carries the one-click `fix` when one call can
 *   mend it (the web runs it through the call that owns it, with that call's own rights), and the
 *   event tab where it is set up otherwise.
 * - The embed is the event's EMBED module (its settings tab): checked when the account holds the
 *   module; fans watch when the event is published and, for such an account, its embed is on
 *   (`fansCanWatch`).
 * - A camera receives when its live input is publishing (state 'live'). Going live without one
 *   needs `{ withoutCamera: true }` in the start-live body (409 otherwise, lifecycle.ts).
 * - Simulcasts checked are those whose input is one of the event's cameras; ready when every target
 *   is started.
 * - Chat and games are checked when the account holds their module: the chat is open when the event
 *   activated CHAT; the man-of-the-match vote when its window is open now; the predictor game, when
 *   it exists, locks at kick-off by design, so it is `ok` and says so.
 */
export const GO_LIVE_CHECKS = ['published', 'embed', 'camera', 'simulcast', 'chat', 'motm', 'predictor'] as const;
export type GoLiveCheckId = (typeof GO_LIVE_CHECKS)[number];

export const GO_LIVE_STATUSES = ['ok', 'warning', 'off'] as const;
export type GoLiveStatus = (typeof GO_LIVE_STATUSES)[number];

/** Why a check is what it is: the i18n key `golive.reason.<reason>` says it to the producer. */
export const GO_LIVE_REASONS = [
  'published',
  'notPublished',
  'embedOn',
  'embedOff',
  'cameraReceiving',
  'noCamera',
  'cameraNotReceiving',
  'targetsRunning',
  'targetsStopped',
  'noTargets',
  'noSimulcast',
  'chatOpen',
  'chatOff',
  'voteOpen',
  'voteClosed',
  'noVote',
  'motmOff',
  'predictorReady',
  'noPredictor',
  'predictorOff',
] as const;
export type GoLiveReason = (typeof GO_LIVE_REASONS)[number];

/** A fix the dialog runs in one click; each maps to the call that owns the change (web go-live-fixes.ts). */
export const goLiveFix = z.discriminatedUnion('kind', [
  /** PUT the event { published: true }. */
  z.object({ kind: z.literal('publish') }),
  /** PUT the event's activatedModules with these added (the embed, the chat, a game's module). */
  z.object({ kind: z.literal('activateModules'), modules: z.array(z.enum(MODULE_CODES)) }),
  /** PUT the man-of-the-match game { opensAt: now, closesAt: null }: open now, closing by the account's settings. */
  z.object({ kind: z.literal('openVote'), gameId: z.number() }),
  /** POST simulcasts/{simulcastId}/targets/{targetId}/start for each. */
  z.object({
    kind: z.literal('startTargets'),
    targets: z.array(z.object({ simulcastId: z.number(), targetId: z.number() })),
  }),
]);
export type GoLiveFix = z.infer<typeof goLiveFix>;
export type GoLiveFixKind = GoLiveFix['kind'];

export const goLiveCheck = z.object({
  check: z.enum(GO_LIVE_CHECKS),
  status: z.enum(GO_LIVE_STATUSES),
  reason: z.enum(GO_LIVE_REASONS),
  /** Counts the reason's sentence names (cameras receiving of all, targets started of all). */
  count: z.number().nullable(),
  total: z.number().nullable(),
  fix: goLiveFix.nullable(),
  /** The event's tab where this is set up. */
  tab: z.enum(SPORT_EVENT_TABS).nullable(),
});
export type GoLiveCheck = z.infer<typeof goLiveCheck>;

export const FAN_VISIBILITY_REASONS = ['notPublished', 'embedOff'] as const;
export type FanVisibilityReason = (typeof FAN_VISIBILITY_REASONS)[number];

export const goLiveChecksResponse = z.object({
  eventId: z.number(),
  /** The event's state now (upcoming, live, replay). */
  state: z.enum(['upcoming', 'live', 'replay']),
  /** Whether fans can see the event at all, and why not (the header says it). */
  fans: z.object({ visible: z.boolean(), reason: z.enum(FAN_VISIBILITY_REASONS).nullable() }),
  /** No camera is receiving: start-live then needs `{ withoutCamera: true }`. */
  needsCameraConfirmation: z.boolean(),
  checks: z.array(goLiveCheck),
});
export type GoLiveChecks = z.infer<typeof goLiveChecksResponse>;

/** The body of POST events/{id}/start-live (and business-players'): optional, as before. */
export const startLiveBody = z
  .object({
    /** The producer confirmed going live while no camera receives. */
    withoutCamera: z.boolean().optional(),
  })
  .strict();
export type StartLiveBody = z.infer<typeof startLiveBody>;

export const goLivePaths = {
  /** GET → goLiveChecksResponse (the event's read rule; another account's event is 404). */
  checks: (eventId?: number | string) => `${MAIN_API}/events/${pathParam('id', eventId)}/go-live-checks`,
} as const;

/**
 * Fans see the event when it is published and its embed switch is not off (`embedSwitchOff`, the
 * same rule the embed page answers by).
 */
export function fansCanWatch(event: {
  published: boolean;
  accountModules: readonly string[];
  activatedModules: readonly string[];
}): GoLiveChecks['fans'] {
  if (!event.published) return { visible: false, reason: 'notPublished' };
  if (embedSwitchOff(event.accountModules, event.activatedModules)) return { visible: false, reason: 'embedOff' };
  return { visible: true, reason: null };
}

/** The checks that leave fans without something: the dialog's count of warnings. */
export function warningsOf(checks: readonly GoLiveCheck[]): GoLiveCheck[] {
  return checks.filter((check) => check.status === 'warning');
}
