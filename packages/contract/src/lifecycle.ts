import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { messageCatalog } from './messages.ts';
import { EVENT_STATES, type EventState } from './resources/events.ts';

/**
 * The live lifecycle of an event or a business player (spec §4 "Ending a live event triggers
 * process-end-live, a Dailymotion-type variant, or a switch to replay"; §7 POST process-end-live,
 * process-end-live-dailymotion, process-end-live-aws): upcoming → live → replay, one step at a
 * time, each step a call. Written once here; the server (lifecycle/) and the web read it.
 *
 * Every end of live makes the replay from our own packager's recording (the program over the
 * live, contract live.ts LIVE_JOB_TYPES.replay): the content's videoId becomes the new replay
 * video. DECISION: -aws goes through the same local engine (no cloud stream here); -dailymotion
 * also shares that replay to Dailymotion, as the user who ended the live, once it is encoded: the
 * encode job that makes it ready publishes it through the user's Dailymotion link (a publication,
 * contract publications.ts, listed in the video's shares); a share refused then (no link, a
 * platform's limit) is dropped, and the worker's log says why.
 */
export const LIFECYCLE_STATES = EVENT_STATES;
export type LifecycleState = EventState;

export const LIFECYCLE_TRANSITIONS = [
  'start-live',
  'process-end-live',
  'process-end-live-dailymotion',
  'process-end-live-aws',
] as const;
export type LifecycleTransition = (typeof LIFECYCLE_TRANSITIONS)[number];

/** What each call needs: where the record must be, where it goes, who may and what must be set up. */
export interface TransitionRule {
  from: LifecycleState;
  to: LifecycleState;
  /** Beyond the resource's own write rule (sport_player_write for events). */
  extraRule?: AccessRule;
  /**
   * DECISION: the Dailymotion variant needs a server that can link Dailymotion accounts (its app,
   * or the local stand-in); 503 otherwise.
   */
  needsDailymotion?: boolean;
  /** Ending the live makes its replay from the program's recording (a video and a durable job). */
  makesReplay?: boolean;
  /** The replay is also shared there, by the user who ended the live, once it plays. */
  sharesReplayTo?: 'dailymotion';
}

export const TRANSITION_RULES: Readonly<Record<LifecycleTransition, TransitionRule>> = {
  'start-live': { from: 'upcoming', to: 'live' },
  'process-end-live': { from: 'live', to: 'replay', makesReplay: true },
  'process-end-live-dailymotion': {
    from: 'live',
    to: 'replay',
    makesReplay: true,
    needsDailymotion: true,
    sharesReplayTo: 'dailymotion',
  },
  'process-end-live-aws': {
    from: 'live',
    to: 'replay',
    makesReplay: true,
    extraRule: { authorizedRoles: ['use_stream'], requiredModules: ['AWS_STREAM'] },
  },
};

/** The transitions that leave a state, in the order buttons show them. */
export function transitionsFrom(state: LifecycleState): LifecycleTransition[] {
  return LIFECYCLE_TRANSITIONS.filter((transition) => TRANSITION_RULES[transition].from === state);
}

/** The state after `transition`, or null when it cannot start from `state`. */
export function nextState(state: LifecycleState, transition: LifecycleTransition): LifecycleState | null {
  const rule = TRANSITION_RULES[transition];
  return rule.from === state ? rule.to : null;
}

/** Resources with a lifecycle: the path segment under /main-api. */
export type LifecycleResource = 'events' | 'business-players';

export const lifecyclePaths = {
  /**
   * POST → 200 lifecycleResponse; 409 from a wrong state. start-live takes go-live.ts startLiveBody:
   * without a camera receiving it answers 409 unless `{ withoutCamera: true }`.
   */
  transition: (resource: LifecycleResource, id: number | string, transition: LifecycleTransition) =>
    `${MAIN_API}/${resource}/${id}/${transition}`,
  /** GET → lifecycleStatus: the state and each transition's availability for this user. */
  status: (resource: LifecycleResource, id: number | string) => `${MAIN_API}/${resource}/${id}/lifecycle`,
} as const;

/** Realtime event on `/admin/{id}` when the state changes. */
export const LIFECYCLE_EVENT_TYPE = 'lifecycle.state';

export const LIFECYCLE_MESSAGES = messageCatalog('LIFECYCLE_MESSAGES', {
  wrongState: (transition: string, state: string, from: string) =>
    `Cannot ${transition}: the state is ${state}, it must be ${from}`,
  dailymotionNotConfigured: 'Dailymotion is not configured on this server',
  notFound: (id: number | string) => `Record ${id} not found`,
  noCameraReceiving:
    'No camera is receiving: fans would see nothing. Start the encoder, or confirm going live without a camera',
});

/** What ending a live made (TransitionRule.makesReplay): the replay video and the job making it. */
export const lifecycleReplay = z.object({ videoId: z.number(), jobId: z.number() });
export type LifecycleReplay = z.infer<typeof lifecycleReplay>;

export const lifecycleResponse = z.object({
  id: z.number(),
  transition: z.enum(LIFECYCLE_TRANSITIONS),
  previousState: z.enum(LIFECYCLE_STATES),
  state: z.enum(LIFECYCLE_STATES),
  /** Set by the calls that make the replay, null otherwise. */
  replay: lifecycleReplay.nullable(),
});
export type LifecycleResponse = z.infer<typeof lifecycleResponse>;

export const lifecycleStatus = z.object({
  id: z.number(),
  state: z.enum(LIFECYCLE_STATES),
  transitions: z.array(
    z.object({
      transition: z.enum(LIFECYCLE_TRANSITIONS),
      to: z.enum(LIFECYCLE_STATES),
      /** The user may call it now; else `reason` says why not ('role' or 'not-configured'). */
      allowed: z.boolean(),
      reason: z.enum(['role', 'not-configured']).nullable(),
    }),
  ),
});
export type LifecycleStatus = z.infer<typeof lifecycleStatus>;
