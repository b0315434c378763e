/**
 * The program's timeline from its switch log (contract cameras.ts), pure: unit-tested in
 * program.timeline.test.ts.
 */

export interface ResolvedSwitch {
  inputId: number;
  /** When the switch was asked. */
  at: Date;
  /** The start of the input's first segment at or after `at`; null while it has none. */
  effectiveAt: Date | null;
}

/** The program shows `inputId`'s segments starting in [from, to) (to null: still on air). */
export interface ProgramInterval {
  inputId: number;
  from: Date;
  to: Date | null;
}

/**
 * Switches (in the order asked) → the intervals each input was on air. A switch takes effect at
 * its input's first segment from then on; until then the previous input stays on air (a camera
 * that sends nothing yet does not black the program out). A switch overtaken by a later one before
 * it took effect never airs.
 */
export function programIntervals(switches: readonly ResolvedSwitch[]): ProgramInterval[] {
  const effective = switches.filter(
    (entry): entry is ResolvedSwitch & { effectiveAt: Date } => entry.effectiveAt !== null,
  );
  // A switch airs only if every later switch takes effect after it (scan from the end).
  const aired: (ResolvedSwitch & { effectiveAt: Date })[] = [];
  let earliestLater = Number.POSITIVE_INFINITY;
  for (const entry of [...effective].reverse()) {
    const time = entry.effectiveAt.getTime();
    if (time < earliestLater) aired.unshift(entry);
    earliestLater = Math.min(earliestLater, time);
  }
  const intervals: ProgramInterval[] = [];
  aired.forEach((entry, index) => {
    const to = aired[index + 1]?.effectiveAt ?? null;
    const last = intervals.at(-1);
    // Switching to the camera already on air changes nothing.
    if (last && last.inputId === entry.inputId) {
      last.to = to;
      return;
    }
    intervals.push({ inputId: entry.inputId, from: entry.effectiveAt, to });
  });
  return intervals;
}

/** The part of each interval inside [from, to) (either bound may be open). */
export function clipIntervals(
  intervals: readonly ProgramInterval[],
  window: { from?: Date | null; to?: Date | null },
): ProgramInterval[] {
  const from = window.from?.getTime() ?? Number.NEGATIVE_INFINITY;
  const to = window.to?.getTime() ?? Number.POSITIVE_INFINITY;
  return intervals.flatMap((interval) => {
    const start = Math.max(interval.from.getTime(), from);
    const end = Math.min(interval.to?.getTime() ?? Number.POSITIVE_INFINITY, to);
    if (end <= start) return [];
    return [{ inputId: interval.inputId, from: new Date(start), to: Number.isFinite(end) ? new Date(end) : null }];
  });
}
