import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../i18n/dates.ts';

/** Sizes and dates in the user's language (the interface's, not the browser's). */
export function useLocaleFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language || 'en';
  const dates = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  return {
    date: (iso: string) => dates.format(new Date(iso)),
    size: (bytes: number) => {
      let value = bytes;
      let unit = 0;
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit += 1;
      }
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: units[unit],
        unitDisplay: 'short',
        maximumFractionDigits: unit === 0 ? 0 : 1,
      }).format(value);
    },
  };
}
