// Kept free of zod: the public embed page imports these rules (its clock ticks with them). The
// page data's schema is `embedMatch` in embed.schemas.ts.
import { type MatchPeriod, matchMinuteLabel } from './match-clock.ts';

/**
 * NO_VIDEO (issue 47 point 9): a match followed without a picture. Its embed page shows the
 * score, the match clock and the timeline of what happened (the markers, as the data feed makes
 * them or staff add them), beside the chat and the games.
 *
 * DECISION: an event is data-only when its account holds NO_VIDEO and the event switched it on
 * (`activatedModules`, the event's settings tab, as its chat or games): an explicit choice of
 * staff, never guessed from a missing camera (a live whose camera is late still says no_camera,
 * as it always did). Without the module an event shows what it always showed.
 *
 * DECISION: a data-only event has no video, so its timeline counts from its kick-off (`startsAt`):
 * its `periods` (match-clock.ts) and its markers' `timeSeconds` are seconds after `startsAt`.
 * The page's data gives each period's kick-off as a wall-clock time, so the clock ticks on the
 * viewer's machine between reads and the data stays the same for every viewer (kept in front).
 *
 * DECISION: a data-only page has no picture to hold back: it is one answer for every viewer that
 * geo blocking admits (fans-only and paid apply to media; its games need the fan's sign-in).
 *
 * DECISION: the score counts the markers of the marker type coded 'goal' (the default mapping's
 * goals, own goals counted for the side they benefit, as the feeds give it) by their side; a goal
 * without a side (added by hand) is in the timeline but not in the score.
 */
export const NO_VIDEO_MODULE = 'NO_VIDEO';

/**
 * The newest moments a page's timeline lists at most (a match's feed makes a few dozen; an event
 * marked by hand for clips may hold hundreds): the score counts them all.
 */
export const EMBED_MATCH_TIMELINE_MAX = 200;

/** The marker type whose markers are the score (match-events.ts DEFAULT_MEANING_CODES). */
export const GOAL_TYPE_CODE = 'goal';

/** True when the event's page is a data-only match page (see the decision above). */
export function isDataOnly(accountModules: readonly string[], eventModules: readonly string[]): boolean {
  return accountModules.includes(NO_VIDEO_MODULE) && eventModules.includes(NO_VIDEO_MODULE);
}

/** A period's kick-off on the wall clock (ISO), as the page's data gives it. */
export interface MatchPeriodKickOff {
  period: number;
  kickOffAt: string;
}

/**
 * Past a period's regular end, the clock counts stoppage time this long at most; later, with no
 * next period yet, the period is over (half-time, the break before extra time).
 */
export const MATCH_STOPPAGE_MAX_MINUTES = 15;

/** Where each period's regular time ends, minutes of the clock (the shoot-out has no clock). */
const PERIOD_LENGTH_MINUTES: Readonly<Record<MatchPeriod, number | null>> = { 1: 45, 2: 45, 3: 15, 4: 15, 5: null };

/**
 * What the clock shows: before the kick-off (or no period set), the minute being played (45+2'),
 * the break after a period, the shoot-out, or the end.
 */
export type MatchClockView =
  | { phase: 'waiting' }
  | { phase: 'running'; period: number; label: string }
  | { phase: 'break'; period: number }
  | { phase: 'shootout' }
  | { phase: 'over' };

/**
 * The match clock at `nowMs` from the periods' kick-offs: the latest period kicked off runs its
 * minute (match-clock.ts matchMinuteLabel), until its regular end plus MATCH_STOPPAGE_MAX_MINUTES.
 */
export function matchClockAt(periods: readonly MatchPeriodKickOff[], over: boolean, nowMs: number): MatchClockView {
  if (over) return { phase: 'over' };
  const started = periods
    .map((entry) => ({ period: entry.period, at: Date.parse(entry.kickOffAt) }))
    .filter((entry) => !Number.isNaN(entry.at) && entry.at <= nowMs)
    .sort((a, b) => a.at - b.at);
  const current = started.at(-1);
  if (!current) return { phase: 'waiting' };
  if (current.period === 5) return { phase: 'shootout' };
  const seconds = (nowMs - current.at) / 1000;
  const length = PERIOD_LENGTH_MINUTES[current.period as MatchPeriod];
  const label = matchMinuteLabel(current.period, seconds);
  if (length === null || length === undefined || label === null) return { phase: 'waiting' };
  if (seconds >= (length + MATCH_STOPPAGE_MAX_MINUTES) * 60) return { phase: 'break', period: current.period };
  return { phase: 'running', period: current.period, label };
}
