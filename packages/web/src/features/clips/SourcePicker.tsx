import { useDebouncedValue } from '@mantine/hooks';
import type { ClipSource } from '@regie/contract/clips.schemas';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { formatClock } from '../../widgets/player/time-format.ts';
import { SearchCombobox } from '../../widgets/SearchCombobox.tsx';
import { useClipSources } from './clip-calls.ts';

/** Typing waits this long before searching. */
const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  onSelect: (source: ClipSource) => void;
}

/** Finds the ready video to cut from, by its title. */
export function SourcePicker({ onSelect }: Props) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const sources = useClipSources(search);
  const options = (sources.data?.data ?? []).map((source) => ({
    value: String(source.id),
    label: source.duration === null ? source.title : `${source.title} (${formatClock(source.duration)})`,
    item: source,
  }));
  return (
    <SearchCombobox
      label={t('clips.ui.source')}
      placeholder={t('clips.ui.sourcePlaceholder')}
      query={query}
      onQueryChange={setQuery}
      options={options}
      loading={sources.isFetching}
      emptyText={sources.data && options.length === 0 ? t('clips.ui.noSource') : null}
      onSelect={(option) => {
        setQuery('');
        onSelect(option.item);
      }}
    />
  );
}
