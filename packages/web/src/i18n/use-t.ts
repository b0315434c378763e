import type { MessageKey } from '@regie/contract/i18n/en';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MISSING_KEY_MARKER } from './i18n.ts';

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * `t` typed with the catalog's keys. A missing key comes back as 'Missing key: x' so that an
 * attribute (aria-label, placeholder) shows it too; `T` renders it as a red notice.
 */
export function useT(): Translate {
  const { t } = useTranslation();
  return useCallback<Translate>(
    (key, values) => {
      const text = values ? t(key, values) : t(key);
      return text.startsWith(MISSING_KEY_MARKER) ? t('i18n.missingKey', { key }) : text;
    },
    [t],
  );
}

/** For labels named by data (the route tree's `labelKey`), which the type cannot check. */
export function useLabel(): (labelKey: string) => string {
  const t = useT();
  return useCallback((labelKey: string) => t(labelKey as MessageKey), [t]);
}
