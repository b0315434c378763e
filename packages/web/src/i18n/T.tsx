import { Badge } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { useTranslation } from 'react-i18next';
import { MISSING_KEY_MARKER } from './i18n.ts';

interface Props {
  k: MessageKey;
  values?: Record<string, string | number>;
}

/** A translated message; a key missing from the catalogs shows as a red 'Missing key' notice. */
export function T({ k, values }: Props) {
  const { t } = useTranslation();
  const text = values ? t(k, values) : t(k);
  if (!text.startsWith(MISSING_KEY_MARKER)) return <>{text}</>;
  return <MissingKey name={k} />;
}

export function MissingKey({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Badge color="red.9" variant="filled" radius="sm" tt="none" component="span">
      {t('i18n.missingKey', { key: name })}
    </Badge>
  );
}
