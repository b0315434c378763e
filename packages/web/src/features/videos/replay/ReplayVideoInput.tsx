import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CLIP_SOURCES_LIMIT } from '@regie/contract/clips';
import type { ClipSourcesResponse } from '@regie/contract/clips.schemas';
import type { MessageKey } from '@regie/contract/i18n/en';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useApi } from '../../../api/api-context.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { FieldInputProps } from '../../../resources/FieldInput.tsx';
import { formatClock } from '../../../widgets/player/time-format.ts';

/** Typing waits this long before searching. */
const SEARCH_DEBOUNCE_MS = 300;

/** Where a kind of content (events, conferences) finds its replay choices and its current replay. */
export interface ReplayChoice {
  /** GET ?search&limit → the account's ready videos it may take (clip sources' shape). */
  sourcesPath: string;
  /** GET → {video: {id, title} | null}: the record's current replay. */
  replayPath: (id: number) => string;
  /** Query-cache scope of these calls. */
  scope: string;
  hintKey: MessageKey;
  placeholderKey: MessageKey;
}

interface ReplayAnswer {
  video: { id: number; title: string } | null;
}

function useChoices(choice: ReplayChoice, search: string, recordId: number) {
  const api = useApi();
  const sources = useQuery({
    queryKey: [choice.scope, 'replaySources', search],
    queryFn: ({ signal }) =>
      api.get<ClipSourcesResponse>(
        choice.sourcesPath,
        { limit: CLIP_SOURCES_LIMIT.default, ...(search ? { search } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const current = useQuery({
    queryKey: [choice.scope, 'replay', recordId],
    queryFn: ({ signal }) => api.get<ReplayAnswer>(choice.replayPath(recordId), undefined, { signal }),
    // A record being created has no replay yet.
    enabled: recordId > 0,
  });
  const options = (sources.data?.data ?? []).map((source) => ({
    value: String(source.id),
    label: source.duration === null ? source.title : `${source.title} (${formatClock(source.duration)})`,
  }));
  const stored = current.data?.video;
  if (stored && !options.some((option) => option.value === String(stored.id))) {
    options.unshift({ value: String(stored.id), label: stored.title });
  }
  return options;
}

/**
 * The replay video field: the account's ready videos found by title, for writers of events and
 * conferences who do not read the video library (spec §6 gives a producer no video role).
 */
export function replayVideoInput(choice: ReplayChoice): ComponentType<FieldInputProps> {
  function ReplayVideoInput({ field, label, value, onChange, onBlur, error, disabled, record }: FieldInputProps) {
    const t = useT();
    const [query, setQuery] = useState('');
    const [search] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
    const options = useChoices(choice, search, record ? Number(record.id) : 0);
    const selected = typeof value === 'number' ? String(value) : null;
    if (selected && !options.some((option) => option.value === selected)) {
      options.unshift({ value: selected, label: `#${selected}` });
    }
    return (
      <Select
        name={field}
        label={label}
        description={t(choice.hintKey)}
        placeholder={t(choice.placeholderKey)}
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
  return ReplayVideoInput;
}
