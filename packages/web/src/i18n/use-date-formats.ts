import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateFormats, dateFormats } from './dates.ts';

/** Dates and times in the interface's current language, on the back-office's clock (dates.ts). */
export function useDateFormats(): DateFormats {
  const { i18n } = useTranslation();
  return useMemo(() => dateFormats(i18n.language), [i18n.language]);
}
