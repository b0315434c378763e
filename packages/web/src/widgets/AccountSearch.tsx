import { useDebouncedValue } from '@mantine/hooks';
import { ACCOUNT_SEARCH_MIN_CHARS } from '@regie/contract/search';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@regie/contract/ui';
import { useState } from 'react';
import type { SimulatedAccount } from '../api/client.ts';
import { useAccountSearch } from '../api/queries.ts';
import { useT } from '../i18n/use-t.ts';
import { SearchCombobox } from './SearchCombobox.tsx';

/**
 * Admins' account search (spec §5): from 3 characters, debounced, case-insensitive on the
 * server, in the server's order (by match position), 'No match found' when nothing matches.
 */
export function AccountSearch({
  onSelect,
  label,
}: {
  onSelect: (account: SimulatedAccount) => void;
  /** Default 'Select an account' (the admins' account selector). */
  label?: string;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const search = useAccountSearch(debounced);
  const settled = debounced === query.trim() && debounced.length >= ACCOUNT_SEARCH_MIN_CHARS && search.isSuccess;
  const accounts = settled ? search.data : [];

  return (
    <SearchCombobox
      label={label ?? t('account.select.label')}
      placeholder={t('account.select.placeholder', { count: ACCOUNT_SEARCH_MIN_CHARS })}
      query={query}
      onQueryChange={setQuery}
      loading={search.isFetching}
      options={accounts.map((account) => ({ value: String(account.id), label: account.name, item: account }))}
      emptyText={settled && accounts.length === 0 ? t('account.select.noMatch') : null}
      onSelect={(option) => {
        setQuery('');
        onSelect(option.item);
      }}
    />
  );
}
