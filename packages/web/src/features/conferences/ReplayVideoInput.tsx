import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { formatClock } from '../../widgets/player/time-format.ts';
import { useReplay, useReplaySources } from './conference-calls.ts';

/** Typing waits this long before searching. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The replay video field: the account's ready videos found by title (GET business-players/
 * replay-sources), for conference writers who do not read the video library.
 */
export function ReplayVideoInput({ field, label, value, onChange, onBlur, error, disabled, record }: FieldInputProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const sources = useReplaySources(search);
  const current = useReplay(record ? Number(record.id) : 0);
  const options = (sources.data?.data ?? []).map((source) => ({
    value: String(source.id),
    label: source.duration === null ? source.title : `${source.title} (${formatClock(source.duration)})`,
  }));
  const stored = record ? current.data?.video : null;
  if (stored && !options.some((option) => option.value === String(stored.id))) {
    options.unshift({ value: String(stored.id), label: stored.title });
  }
  const selected = typeof value === 'number' ? String(value) : null;
  if (selected && !options.some((option) => option.value === selected)) {
    options.unshift({ value: selected, label: `#${selected}` });
  }
  return (
    <Select
      name={field}
      label={label}
      description={t('conferences.replay.fieldHint')}
      placeholder={t('conferences.replay.fieldPlaceholder')}
      data={options}
      value={selected}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      onBlur={onBlur}
      searchable
      clearable
      filter={({ options: all }) => all}
      onSearchChange={setQuery}
      nothingFoundMessage={t('clips.ui.noSource')}
      error={error}
      disabled={disabled}
    />
  );
}
