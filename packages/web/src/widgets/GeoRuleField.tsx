import { Fieldset, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import { COUNTRY_CODES, type GeoMode, type GeoRule } from '@regie/contract/geo';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useT } from '../i18n/use-t.ts';

/** Every country as a select offers it: its name in the interface's language, by name. */
export function useCountryOptions(): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const collator = new Intl.Collator(i18n.language);
    return COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [i18n.language]);
}

type Choice = 'account' | GeoMode;

interface Props {
  /** The field's label (its legend). */
  label: string;
  description?: string | undefined;
  /** The rule; null: the account's (only where `inherits`). */
  value: GeoRule | null;
  onChange: (value: GeoRule | null) => void;
  /** An event's, a video's or a live input's rule: "the account's" is a choice (null). */
  inherits: boolean;
  error?: string | null | undefined;
  disabled?: boolean | undefined;
  /** The field's name (its inputs' names and ids). */
  name: string;
}

/**
 * A geo blocking rule (contract geo.ts): everywhere but the countries listed, or only in them;
 * for an event, a video or a live input, also "as the account says". Country names in the
 * interface's language, searchable.
 */
export function GeoRuleField({ label, description, value, onChange, inherits, error, disabled, name }: Props) {
  const t = useT();
  const countries = useCountryOptions();
  const choice: Choice = value === null ? (inherits ? 'account' : 'block') : value.mode;
  const listed = value?.countries ?? [];
  const choose = (next: string) => {
    if (next === 'account') onChange(null);
    else if (next === 'allow' || next === 'block') onChange({ mode: next, countries: [...listed] });
  };
  return (
    <Fieldset legend={label} variant="unstyled" disabled={disabled}>
      <Stack gap="sm">
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        <Radio.Group value={choice} onChange={choose} name={`${name}-mode`} aria-label={label}>
          <Stack gap={6} mt={4}>
            {inherits && <Radio value="account" label={t('geo.mode.account')} />}
            <Radio value="block" label={t('geo.mode.block')} />
            <Radio value="allow" label={t('geo.mode.allow')} />
          </Stack>
        </Radio.Group>
        {choice !== 'account' && (
          <MultiSelect
            label={choice === 'allow' ? t('geo.countries.allowed') : t('geo.countries.refused')}
            description={choice === 'allow' ? t('geo.countries.allowedHint') : t('geo.countries.refusedHint')}
            placeholder={t('geo.countries.placeholder')}
            data={countries}
            value={[...listed]}
            onChange={(codes) => onChange({ mode: choice, countries: codes })}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage={t('geo.countries.none')}
            name={`${name}-countries`}
            error={error ?? undefined}
            maw={640}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
