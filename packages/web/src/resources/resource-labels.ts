import { SYSTEM_FIELDS } from '@regie/contract/resources/define';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel, useT } from '../i18n/use-t.ts';
import { type AnyResource, labelPrefixOf } from './any-resource.ts';

const SYSTEM_LABELS = {
  id: 'resource.common.field.id',
  AccountId: 'resource.common.field.AccountId',
  createdAt: 'resource.common.field.createdAt',
  updatedAt: 'resource.common.field.updatedAt',
} as const;

function isSystemField(field: string): field is keyof typeof SYSTEM_LABELS {
  return (SYSTEM_FIELDS as readonly string[]).includes(field);
}

/**
 * The texts of a resource's screens, from its labelKey: `<labelKey>.title`, `.field.<field>`,
 * `.<field>.<option>` (or a customisation's `optionKey`), the optional `.new` and `.empty` that
 * fall back to common texts, and a field's optional hint on a new record, `.hint.<field>`.
 */
export function useResourceLabels(resource: Pick<AnyResource, 'labelKey'> & Partial<Pick<AnyResource, 'ui'>>) {
  const t = useT();
  const label = useLabel();
  const { i18n } = useTranslation();
  const prefix = labelPrefixOf(resource);
  const ui = resource.ui;
  return useMemo(() => {
    const optional = (suffix: string, fallback: () => string) => {
      const key = `${prefix}.${suffix}`;
      return i18n.exists(key) ? label(key) : fallback();
    };
    return {
      title: () => label(`${prefix}.title`),
      field: (field: string) => (isSystemField(field) ? t(SYSTEM_LABELS[field]) : label(`${prefix}.field.${field}`)),
      option: (field: string, value: string) => {
        const optionKey = ui?.[field]?.custom?.optionKey;
        return label(optionKey ? optionKey(value) : `${prefix}.${field}.${value}`);
      },
      newRecord: () => optional('new', () => t('resource.common.newRecord')),
      empty: () => optional('empty', () => t('resource.common.empty')),
      /** What a field left empty becomes on a new record (the event's state: from its start). */
      creationHint: (field: string) => {
        const key = `${prefix}.hint.${field}`;
        return i18n.exists(key) ? label(key) : undefined;
      },
    };
  }, [prefix, ui, t, label, i18n]);
}

export type ResourceLabels = ReturnType<typeof useResourceLabels>;
