import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../i18n/use-t.ts';

/** Module codes as their names in the user's language, joined as a list ('Chat and Multicam'). */
export function useModuleNames(): (codes: readonly string[]) => string {
  const label = useLabel();
  const { i18n } = useTranslation();
  return useCallback(
    (codes) =>
      new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(codes.map((code) => label(`module.${code}`))),
    [label, i18n.language],
  );
}
