import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { JOB_STATES } from './jobs.ts';
import { EVENT_STATES } from './resources/events.ts';
import { periodResponse } from './stats.ts';

/**
 * The producer's landing page (menu dashboard/all, spec §2): what happened in a period, in one
 * call for the account acted for (an admin simulating an account sees that account's).
 */

/** Spec §6: conf_player_write or sport_player_write, with the DASHBOARD module (as its menu node). */
export const DASHBOARD_RULE: AccessRule = {
  authorizedRoles: ['conf_player_write', 'sport_player_write'],
  requiredModules: ['DASHBOARD'],
};

/** Upcoming events and running jobs listed at most. */
export const DASHBOARD_LIST_LIMIT = 10;
/** The period presets the screen offers, in days (the custom range aside). */
export const DASHBOARD_PRESET_DAYS = [7, 30, 90] as const;

export const dashboardPath = `${MAIN_API}/dashboard`;

/**
 * Today's events (issue 46.9): those live now, and those starting within this many hours of now,
 * either side (tonight's match, this afternoon's replay). Later ones are the upcoming events.
 */
export const DASHBOARD_TODAY_HOURS = 12;

/**
 * A today's event with what its fans did. DECISION: there is no live viewer count yet (plays are
 * counted once per page view that started playback, live or replay); the screen shows plays and
 * says so.
 */
export const dashboardTodayEvent = z.object({
  id: z.number(),
  name: z.string(),
  startsAt: isoDateTime,
  state: z.enum(EVENT_STATES),
  /** Plays from the event's page or of its replay, ever. */
  plays: z.number().int(),
  /** Man-of-the-match votes and predictions on its games. */
  votes: z.number().int(),
  /** Clips cut from it (live or replay). */
  clips: z.number().int(),
});
export type DashboardTodayEvent = z.infer<typeof dashboardTodayEvent>;

export const dashboardPoint = z.object({
  at: isoDateTime,
  plays: z.number().int(),
  clips: z.number().int(),
  videos: z.number().int(),
});
export type DashboardPoint = z.infer<typeof dashboardPoint>;

/** The fans' figures of a period (issue 13): the CRM's sources, counted the same way. */
const fanFigures = z.object({
  /** Fans with any activity in the period (sign-in, play, game, chat, purchase). */
  active: z.number().int(),
  /** Fans who signed up in the period. */
  new: z.number().int(),
  /** Fans holding a product at the period's end. */
  subscribed: z.number().int(),
  /** Fans who bought or renewed a product in the period. */
  newSubscriptions: z.number().int(),
});
export type DashboardFanFigures = z.infer<typeof fanFigures>;

export const dashboardFanPoint = z.object({
  at: isoDateTime,
  active: z.number().int(),
  new: z.number().int(),
  subscriptions: z.number().int(),
});

export const dashboardFans = fanFigures.extend({
  /** The same figures over the period of the same length just before: the trend. */
  previous: fanFigures,
  series: z.array(dashboardFanPoint),
});
export type DashboardFans = z.infer<typeof dashboardFans>;

export const dashboardResponse = periodResponse.extend({
  /** Events starting in the period (created in it when they have no start), by state. */
  eventsByState: z.array(z.object({ state: z.enum(EVENT_STATES), count: z.number().int() })),
  /** Live events first, then today's by start (DASHBOARD_TODAY_HOURS), with their fans' figures. */
  today: z.array(dashboardTodayEvent),
  /** The next events after today's (not live), soonest first. */
  upcoming: z.array(z.object({ id: z.number(), name: z.string(), startsAt: isoDateTime.nullable() })),
  totals: z.object({
    /** Videos uploaded or imported in the period (clips not counted). */
    videosUploaded: z.number().int(),
    /** Hours of video encoded in the period (uploads and clips that became playable). */
    hoursEncoded: z.number(),
    clips: z.number().int(),
    plays: z.number().int(),
  }),
  series: z.array(dashboardPoint),
  /** The fans' figures; null when the account has no fans CRM (module FANS_CRM). */
  fans: dashboardFans.nullable(),
  /** Jobs waiting or running right now (whatever the period). */
  jobs: z.object({
    total: z.number().int(),
    running: z.array(
      z.object({
        id: z.number(),
        type: z.string(),
        state: z.enum(JOB_STATES),
        progress: z.number().int(),
        resourceType: z.string().nullable(),
        resourceId: z.string().nullable(),
        createdAt: isoDateTime,
      }),
    ),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
