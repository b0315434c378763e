import type { StatsInterval } from '@regie/contract/stats';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/dates.ts';

export interface InsightsFormat {
  number: (value: number) => string;
  /** A day, long enough to read alone: 12 Oct 2026. */
  day: (iso: string) => string;
  dateTime: (iso: string) => string;
  /** A chart point's label, as precise as its bucket (an hour, a day, a month). */
  bucket: (iso: string, interval: StatsInterval) => string;
}

const BUCKET_FORMATS: Readonly<Record<StatsInterval, Intl.DateTimeFormatOptions>> = {
  hour: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  day: { day: 'numeric', month: 'short' },
  week: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
};

/** Numbers and dates in the user's language (the interface language: en or fr). */
export function insightsFormat(language: string): InsightsFormat {
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const day = dateTimeFormat(language, { dateStyle: 'medium' });
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  // Buckets are UTC (contract stats.ts): shown in UTC too, so a day reads as that day.
  const buckets = Object.fromEntries(
    Object.entries(BUCKET_FORMATS).map(([interval, options]) => [
      interval,
      dateTimeFormat(language, { ...options, timeZone: 'UTC' }),
    ]),
  );
  return {
    number: (value) => numbers.format(value),
    day: (iso) => day.format(new Date(iso)),
    dateTime: (iso) => dateTime.format(new Date(iso)),
    bucket: (iso, interval) => buckets[interval]?.format(new Date(iso)) ?? iso,
  };
}

export function useInsightsFormat(): InsightsFormat {
  const { i18n } = useTranslation();
  return useMemo(() => insightsFormat(i18n.language), [i18n.language]);
}
