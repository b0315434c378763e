import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { isoDateTime } from './datetime.ts';
import { messageCatalog, refineMessage } from './messages.ts';
import { CONFERENCE_READ_RULE } from './resources/business-players.ts';

/**
 * Figures over a period (event stats tab, dashboard): counts grouped in UTC buckets of an hour,
 * a day, a week (from Monday, as PostgreSQL's date_trunc) or a month. Buckets with nothing in
 * them are still listed (as zeros), so a chart's time axis is regular.
 */

export const STATS_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type StatsInterval = (typeof STATS_INTERVALS)[number];

const DAY_MS = 86_400_000;
/** The longest period one call covers. */
export const STATS_MAX_DAYS = 731;
/** The most buckets one series holds (an hourly year is refused, a daily one is fine). */
export const STATS_MAX_BUCKETS = 800;
/** The period used when none is given: the last 30 days. */
export const STATS_DEFAULT_DAYS = 30;

/** The event stats tab: whoever may read the event (its producers and clippers). */
export const EVENT_STATS_RULE: AccessRule = {
  authorizedRoles: ['sport_player_write', 'liveclipping_write', 'clip_only'],
  authorizedModules: ['SPORT_EVENTS', 'STREAM_CLIPPING'],
};

export const STATS_MESSAGES = messageCatalog('STATS_MESSAGES', {
  fromAfterTo: 'The period must end after it starts',
  tooLong: `A period lasts at most ${STATS_MAX_DAYS} days`,
  tooManyBuckets: (buckets: number) =>
    `This interval cuts the period into ${buckets} points (at most ${STATS_MAX_BUCKETS}): choose a longer one`,
});

/**
 * The conference stats tab: whoever may read the conference (spec §6 "Conferences:
 * conf_player_write or clip_only", resources/business-players.ts CONFERENCE_READ_RULE).
 */
export const CONFERENCE_STATS_RULE: AccessRule = CONFERENCE_READ_RULE;

/**
 * The kinds of content with a stats tab: a sport event (its marks are markers) and a conference
 * (business player: its marks are chapters). Both count the plays of their replay and clips.
 */
export const STATS_CONTENT_KINDS = ['event', 'conference'] as const;
export type StatsContentKind = (typeof STATS_CONTENT_KINDS)[number];

export const statsPaths = {
  /** GET ?from&to&interval → EventStatsResponse. */
  eventStats: (eventId: number | string) => `${MAIN_API}/events/${eventId}/stats`,
  /** GET ?from&to&interval → ConferenceStatsResponse. */
  conferenceStats: (conferenceId: number | string) => `${MAIN_API}/business-players/${conferenceId}/stats`,
} as const;

/** The start of the UTC bucket holding `date`. */
export function bucketStart(date: Date, interval: StatsInterval): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (interval) {
    case 'hour':
      return new Date(Date.UTC(y, m, d, date.getUTCHours()));
    case 'day':
      return new Date(Date.UTC(y, m, d));
    case 'week':
      // getUTCDay: Sunday 0 … Saturday 6; weeks start on Monday.
      return new Date(Date.UTC(y, m, d - ((date.getUTCDay() + 6) % 7)));
    case 'month':
      return new Date(Date.UTC(y, m, 1));
  }
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucket(start: Date, interval: StatsInterval): Date {
  const next = new Date(start);
  if (interval === 'hour') next.setUTCHours(next.getUTCHours() + 1);
  else if (interval === 'day') next.setUTCDate(next.getUTCDate() + 1);
  else if (interval === 'week') next.setUTCDate(next.getUTCDate() + 7);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** How many buckets [from, to) spans. */
export function bucketCount(from: Date, to: Date, interval: StatsInterval): number {
  let count = 0;
  for (let at = bucketStart(from, interval); at < to; at = nextBucket(at, interval)) {
    count += 1;
    if (count > STATS_MAX_BUCKETS) return count;
  }
  return count;
}

/** Every bucket start of [from, to), in order (at most STATS_MAX_BUCKETS + 1: callers check first). */
export function bucketStarts(from: Date, to: Date, interval: StatsInterval): Date[] {
  const starts: Date[] = [];
  for (let at = bucketStart(from, interval); at < to && starts.length <= STATS_MAX_BUCKETS; ) {
    starts.push(at);
    at = nextBucket(at, interval);
  }
  return starts;
}

/** A readable interval for a period: hours up to two days, days up to 92, weeks to a year, else months. */
export function autoInterval(from: Date, to: Date): StatsInterval {
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  if (days <= 2) return 'hour';
  if (days <= 92) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

/** The period asked for, with its defaults: up to now, the last STATS_DEFAULT_DAYS days. */
export function resolvePeriod(
  query: { from?: string | undefined; to?: string | undefined; interval?: StatsInterval | undefined },
  nowMs = Date.now(),
): { from: Date; to: Date; interval: StatsInterval } {
  const to = query.to ? new Date(query.to) : new Date(nowMs);
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - STATS_DEFAULT_DAYS * DAY_MS);
  return { from, to, interval: query.interval ?? autoInterval(from, to) };
}

/** ?from&to&interval, checked: from before to, at most STATS_MAX_DAYS, at most STATS_MAX_BUCKETS points. */
export const periodQuery = z
  .object({
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
    interval: z.enum(STATS_INTERVALS).optional(),
  })
  .superRefine((query, context) => {
    const { from, to, interval } = resolvePeriod(query);
    if (from >= to) {
      context.addIssue({ code: 'custom', path: ['from'], ...refineMessage(STATS_MESSAGES.fromAfterTo) });
    } else if (to.getTime() - from.getTime() > STATS_MAX_DAYS * DAY_MS) {
      context.addIssue({ code: 'custom', path: ['from'], ...refineMessage(STATS_MESSAGES.tooLong) });
    } else {
      const buckets = bucketCount(from, to, interval);
      if (buckets > STATS_MAX_BUCKETS) {
        context.addIssue({
          code: 'custom',
          path: ['interval'],
          ...refineMessage(STATS_MESSAGES.tooManyBuckets(buckets)),
        });
      }
    }
  });
export type PeriodQuery = z.infer<typeof periodQuery>;

/** The period a response covers, as resolved by the server. */
export const periodResponse = z.object({
  from: isoDateTime,
  to: isoDateTime,
  interval: z.enum(STATS_INTERVALS),
});

export const eventStatsPoint = z.object({
  /** The bucket's start (ISO, UTC). */
  at: isoDateTime,
  plays: z.number().int(),
  /** Downloads of its replay's and clips' MP4 begun (DOWNLOAD). */
  downloads: z.number().int(),
  markers: z.number().int(),
  clips: z.number().int(),
});
export type EventStatsPoint = z.infer<typeof eventStatsPoint>;

/**
 * GET events/{id}/stats: plays counted by the embed player (of the event's video, and of its
 * clips: videos cut from that video or from the event's markers), markers and clips made, in
 * the period; totals and one point per bucket.
 */
export const eventStatsResponse = periodResponse.extend({
  totals: z.object({
    plays: z.number().int(),
    replayPlays: z.number().int(),
    clipPlays: z.number().int(),
    /** Downloads of its replay's and clips' MP4 begun from the embed (DOWNLOAD). */
    downloads: z.number().int(),
    markers: z.number().int(),
    clips: z.number().int(),
  }),
  series: z.array(eventStatsPoint),
});
export type EventStatsResponse = z.infer<typeof eventStatsResponse>;

export const conferenceStatsPoint = z.object({
  /** The bucket's start (ISO, UTC). */
  at: isoDateTime,
  plays: z.number().int(),
  /** Downloads of its replay's and clips' MP4 begun (DOWNLOAD). */
  downloads: z.number().int(),
  chapters: z.number().int(),
  clips: z.number().int(),
});
export type ConferenceStatsPoint = z.infer<typeof conferenceStatsPoint>;

/**
 * GET business-players/{id}/stats: plays counted by the embed player (of the conference's replay
 * video, and of its clips: the clips cut from the conference), chapters and clips made, in the
 * period; totals and one point per bucket. The events' shape with chapters for markers.
 */
export const conferenceStatsResponse = periodResponse.extend({
  totals: z.object({
    plays: z.number().int(),
    replayPlays: z.number().int(),
    clipPlays: z.number().int(),
    /** Downloads of its replay's and clips' MP4 begun from the embed (DOWNLOAD). */
    downloads: z.number().int(),
    chapters: z.number().int(),
    clips: z.number().int(),
  }),
  series: z.array(conferenceStatsPoint),
});
export type ConferenceStatsResponse = z.infer<typeof conferenceStatsResponse>;
