import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateFormats } from './dates.ts';

const afternoon = '2026-11-28T15:05:09';
const midnight = '2026-11-28T00:05:00';

describe('dates and times (issue 40.11: one clock, the 24-hour one of the picker, in the interface language)', () => {
  it('shows English on the 24-hour clock, never AM/PM', () => {
    const en = dateFormats('en');
    expect(en.dateTime(afternoon)).toBe('Nov 28, 2026, 15:05');
    expect(en.time(midnight)).toBe('00:05');
    expect(en.timeWithSeconds(afternoon)).toBe('15:05:09');
    for (const text of [en.dateTime(afternoon), en.time(afternoon), en.longDateTime(afternoon)]) {
      expect(text).not.toMatch(/AM|PM/);
    }
  });

  it('shows French in French, on the same clock', () => {
    const fr = dateFormats('fr');
    expect(fr.dateTime(afternoon)).toBe('28 nov. 2026, 15:05');
    expect(fr.time(midnight)).toBe('00:05');
    expect(fr.longDateTime(afternoon)).toBe('samedi 28 novembre 2026 à 15:05');
    expect(fr.date(afternoon)).toBe('28 nov. 2026');
  });

  it('is the only place the web app formats a date: no browser-locale or 12-hour formatting elsewhere', () => {
    // The web app's sources (this file is in src/i18n).
    const src = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file === join('i18n', 'dates.ts')) continue;
      const text = readFileSync(join(src, file), 'utf8');
      const found = text.match(
        /new Date\([^)]*\)\.toLocale(?:Date|Time)?String\(|\.toLocaleTimeString\(|\.toLocaleDateString\(|new Intl\.DateTimeFormat\(|hour12/g,
      );
      if (found) offenders.push(`${relative(src, join(src, file))}: ${found.join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });
});
