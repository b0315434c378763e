/**
 * Dates and times as the back-office shows them (issue 40.11): in the interface's language (never
 * the browser's), on one clock for everyone, the 24-hour clock of the date-time picker (spec §5).
 * `toLocaleString()` and a bare `Intl.DateTimeFormat` gave English users 3:05 PM beside a picker
 * reading 15:05, and French users an English date; dates.test.ts keeps them out of the app.
 * Pure (no React): the embed's bundle uses it too; screens use `useDateFormats()`.
 */

/** The one clock: 00–23 hours, no AM/PM. */
const CLOCK = { hourCycle: 'h23' } as const satisfies Intl.DateTimeFormatOptions;

const cache = new Map<string, Intl.DateTimeFormat>();

/** An Intl formatter in `language` on the back-office's clock; made once per language and options. */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, ...CLOCK });
    cache.set(key, format);
  }
  return format;
}

export interface DateFormats {
  /** 28 Nov 2026, 15:05 */
  dateTime: (value: string | number | Date) => string;
  /** 28 Nov 2026 */
  date: (value: string | number | Date) => string;
  /** 15:05 */
  time: (value: string | number | Date) => string;
  /** 15:05:09: a feed's or a chat's moment. */
  timeWithSeconds: (value: string | number | Date) => string;
  /** Wednesday 28 November 2026, 15:05: a fan's invitation to an event. */
  longDateTime: (value: string | number | Date) => string;
}

export function dateFormats(language: string): DateFormats {
  const as = (options: Intl.DateTimeFormatOptions) => {
    const format = dateTimeFormat(language, options);
    return (value: string | number | Date) => format.format(value instanceof Date ? value : new Date(value));
  };
  return {
    dateTime: as({ dateStyle: 'medium', timeStyle: 'short' }),
    date: as({ dateStyle: 'medium' }),
    time: as({ timeStyle: 'short' }),
    timeWithSeconds: as({ timeStyle: 'medium' }),
    longDateTime: as({ dateStyle: 'full', timeStyle: 'short' }),
  };
}
