import type { DASHBOARD_PRESET_DAYS } from '@regie/contract/dashboard';
import { useMemo, useState } from 'react';

const DAY_MS = 86_400_000;

export type PresetDays = (typeof DASHBOARD_PRESET_DAYS)[number];
export type PeriodChoice = { preset: PresetDays } | { preset: 'custom'; range: [string | null, string | null] };

export interface Period {
  from: string;
  to: string;
}

/** The last `days` days up to the minute (stable across renders of the same minute). */
export function presetPeriod(days: number, nowMs: number): Period {
  const to = Math.ceil(nowMs / 60_000) * 60_000;
  return { from: new Date(to - days * DAY_MS).toISOString(), to: new Date(to).toISOString() };
}

/** A local day 'YYYY-MM-DD' (the date picker's value), `plusDays` later, at midnight. */
function localDay(day: string, plusDays = 0): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays);
}

/** A custom range of whole days 'YYYY-MM-DD': from the first day's start to the end of the last (local days). */
export function rangePeriod(first: string, last: string): Period {
  return { from: localDay(first).toISOString(), to: localDay(last, 1).toISOString() };
}

/** The chosen period; a custom range counts only once both days are picked. */
export function usePeriod(initial: PresetDays = 30) {
  const [choice, setChoice] = useState<PeriodChoice>({ preset: initial });
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const period = useMemo((): Period | null => {
    if (choice.preset !== 'custom') return presetPeriod(choice.preset, startedAt);
    const [first, last] = choice.range;
    return first && last ? rangePeriod(first, last) : null;
  }, [choice, startedAt]);
  const choose = (next: PeriodChoice) => {
    setStartedAt(Date.now());
    setChoice(next);
  };
  return { choice, choose, period };
}
