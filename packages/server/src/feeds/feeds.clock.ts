/**
 * The match clock of football feeds → (period, seconds after the period's kick-off), the shared
 * model's `periodSeconds` (contract feeds.ts). A period's regular minutes: 1: 0–45, 2: 45–90,
 * 3: 90–105, 4: 105–120 (extra time), 5: the shoot-out. Stoppage minutes are counted from the
 * period's regular end: 45+2 is period 1, 47 minutes after its kick-off; 90+5 is period 2, 50
 * minutes after its kick-off; 105+1 is period 3, 16 minutes; 120+3 is period 4, 18 minutes.
 */

/** The match minute at which each period kicks off (index = period). */
export const PERIOD_START_MINUTE = [0, 0, 45, 90, 105, 120] as const;
/** The match minute at which each period's regular time ends (index = period). */
export const PERIOD_END_MINUTE = [0, 45, 90, 105, 120, Number.POSITIVE_INFINITY] as const;

export interface ClockPlace {
  period: number;
  periodSeconds: number;
  /** As the clock shows it: the minute, capped at the period's regular end (45 for 45+2). */
  minute: number;
  stoppage?: number;
  second: number;
}

/**
 * A minute as written in a match report ('45+2': minute 45, offset 2; '93': extra time), the
 * way openfootball writes its goals: the period is read from the minute (1..45 → 1, 46..90 → 2,
 * 91..105 → 3, 106..120 → 4; more than 120 counts as stoppage after 120).
 */
export function reportedMinute(minute: number, offset = 0, second = 0): ClockPlace {
  const period = minute <= 45 ? 1 : minute <= 90 ? 2 : minute <= 105 ? 3 : 4;
  return elapsedClock(period, minute + offset, second, minute < (PERIOD_END_MINUTE[period] ?? 0) ? offset : undefined);
}

/**
 * A moment given as its period and the match's elapsed minute and second (StatsBomb's `minute`
 * and `second`: period 2 starts at minute 45), stoppage included (period 1's minute 47 is
 * 45+2). `reportedOffset`: when the document wrote the stoppage apart from a minute before the
 * period's end (never in practice), keep it as written.
 */
export function elapsedClock(
  period: number,
  elapsedMinute: number,
  second: number,
  reportedOffset?: number,
): ClockPlace {
  const start = PERIOD_START_MINUTE[period] ?? 0;
  const end = PERIOD_END_MINUTE[period] ?? Number.POSITIVE_INFINITY;
  const periodSeconds = Math.max(0, (elapsedMinute - start) * 60 + second);
  if (elapsedMinute > end) {
    return { period, periodSeconds, minute: end, stoppage: elapsedMinute - end, second };
  }
  const place: ClockPlace = { period, periodSeconds, minute: elapsedMinute, second };
  if (reportedOffset) {
    place.minute = elapsedMinute - reportedOffset;
    place.stoppage = reportedOffset;
  }
  return place;
}

/** '45+2', '90+5', '73' */
export function clockText(place: Pick<ClockPlace, 'minute' | 'stoppage'>): string {
  return place.stoppage ? `${place.minute}+${place.stoppage}` : String(place.minute);
}
