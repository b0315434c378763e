/**
 * The match clock → the event's video (issue 25 point 4). zod-free: the web app's match clock
 * panel reads it too.
 *
 * An event keeps its periods' kick-offs as seconds in its own video (`periods: [{ period,
 * startsAt }]`, a field of the event): an operator sets each with one key press at the kick-off,
 * during the live or on the replay, and may type them afterwards. A match event says in which
 * period it happened and how many seconds after that period's kick-off (contract feeds.ts
 * `FeedMatchEvent.periodSeconds`, stoppage time included), so its place in the video is
 * `startsAt + periodSeconds`: a goal at 45+2 lands 47 minutes after the first kick-off, one at
 * 105+1 (extra time's first half, period 3) 16 minutes after period 3's kick-off.
 *
 * A match event whose period has no kick-off yet has no place in the video: it is kept with the
 * event's match document, reported as waiting for its kick-off, and its marker is made as soon as
 * that kick-off is set (setting the periods re-applies the event's match document).
 */

/** 1, 2 (halves), 3, 4 (extra time), 5 (penalty shoot-out): contract feeds.ts FeedMatchEvent.period. */
export const MATCH_PERIODS = [1, 2, 3, 4, 5] as const;
export type MatchPeriod = (typeof MATCH_PERIODS)[number];

/** Where a period starts in the event's video, seconds. */
export interface PeriodStart {
  period: number;
  startsAt: number;
}

/** A period's start, at most this many seconds into the video (two days: a long live). */
export const PERIOD_START_MAX_SECONDS = 172_800;

/** The regular length of each period, minutes (football): the clock's minute at its kick-off. */
export const PERIOD_CLOCK_START_MINUTES: Readonly<Record<MatchPeriod, number>> = { 1: 0, 2: 45, 3: 90, 4: 105, 5: 120 };

/** The start of `period` in the video, or null when it is not set. */
export function periodStart(periods: readonly PeriodStart[] | null | undefined, period: number): number | null {
  return periods?.find((entry) => entry.period === period)?.startsAt ?? null;
}

/**
 * The video position of a match event `periodSeconds` after the kick-off of `period`; null when
 * that period has no start yet.
 */
export function videoSecondsOf(
  periods: readonly PeriodStart[] | null | undefined,
  period: number,
  periodSeconds: number,
): number | null {
  const start = periodStart(periods, period);
  if (start === null) return null;
  return roundTenth(start + Math.max(0, periodSeconds));
}

/** Seconds after the kick-off of `period` of the match clock's `minute`:`second` (+`stoppage` minutes). */
export function periodSecondsOf(period: number, minute: number, second: number, stoppage = 0): number {
  const clockStart = PERIOD_CLOCK_START_MINUTES[period as MatchPeriod] ?? 0;
  return Math.max(0, (minute + stoppage - clockStart) * 60 + second);
}

/** The periods sorted by period, one each: what is stored. */
export function sortedPeriods(periods: readonly PeriodStart[]): PeriodStart[] {
  return [...periods].sort((a, b) => a.period - b.period);
}

/** The problem with a list of period starts, or null: 'duplicate', 'range' or 'order' (and its index). */
export type PeriodsProblem = { kind: 'duplicate' | 'period' | 'negative' | 'order'; index: number };

/**
 * Distinct periods 1…5, starts ≥ 0, and a later period starting after an earlier one (the
 * second half cannot kick off before the first).
 */
export function periodsProblem(periods: readonly PeriodStart[]): PeriodsProblem | null {
  const seen = new Set<number>();
  for (const [index, entry] of periods.entries()) {
    if (!(MATCH_PERIODS as readonly number[]).includes(entry.period)) return { kind: 'period', index };
    if (seen.has(entry.period)) return { kind: 'duplicate', index };
    seen.add(entry.period);
    if (entry.startsAt < 0) return { kind: 'negative', index };
  }
  const sorted = sortedPeriods(periods);
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1];
    const current = sorted[index];
    if (previous && current && current.startsAt <= previous.startsAt) {
      return { kind: 'order', index: periods.indexOf(current) };
    }
  }
  return null;
}

/** The clock as a person reads it: 45+2', 90+5', 105+1'. */
export function clockLabel(minute: number, stoppage?: number): string {
  return stoppage ? `${minute}+${stoppage}'` : `${minute}'`;
}

/**
 * The match clock panel's keys: Alt + 1…5 sets that period's kick-off at the player's position
 * (Alt, so that the digits alone keep adding markers of the account's types).
 */
export const PERIOD_KEYS: Readonly<Record<MatchPeriod, string>> = { 1: '1', 2: '2', 3: '3', 4: '4', 5: '5' };

function roundTenth(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}

/** Where each period's regular time ends on the clock, minutes (beyond: stoppage time, 45+2'). */
const PERIOD_CLOCK_END_MINUTES: Readonly<Record<MatchPeriod, number | null>> = {
  1: 45,
  2: 90,
  3: 105,
  4: 120,
  // The penalty shoot-out has no clock.
  5: null,
};

/**
 * The match minute as broadcasts show it, `periodSeconds` after the kick-off of `period`: the
 * minute being played (0:00–0:59 is 1'), stoppage time after the period's regular end (45+2');
 * null for the shoot-out and unknown periods.
 */
export function matchMinuteLabel(period: number, periodSeconds: number): string | null {
  const end = PERIOD_CLOCK_END_MINUTES[period as MatchPeriod];
  const start = PERIOD_CLOCK_START_MINUTES[period as MatchPeriod];
  if (end === null || end === undefined || start === undefined) return null;
  const minute = start + Math.floor(Math.max(0, periodSeconds) / 60) + 1;
  return minute > end ? clockLabel(end, minute - end) : clockLabel(minute);
}

/**
 * The match minute at `timeSeconds` of the event's video (a marker's time): counted from the
 * latest period kicked off at or before it; null before the first kick-off or without periods.
 */
export function matchMinuteAt(periods: readonly PeriodStart[] | null | undefined, timeSeconds: number): string | null {
  const started = sortedPeriods(periods ?? []).filter((entry) => entry.startsAt <= timeSeconds);
  const current = started.at(-1);
  return current ? matchMinuteLabel(current.period, timeSeconds - current.startsAt) : null;
}
