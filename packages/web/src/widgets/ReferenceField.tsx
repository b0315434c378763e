import { CloseButton, Group, Input, Pill, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUTOCOMPLETE_DEBOUNCE_MS, BACKSPACE_THROTTLE_MS } from '@regie/contract/ui';
import { type ReactNode, useMemo, useState } from 'react';
import { useReferencedRecords } from '../api/reference-labels.ts';
import { recordLabel, referenceLocation, useResourceOptions } from '../api/resource-queries.ts';
import { useT } from '../i18n/use-t.ts';
import { SearchCombobox } from './SearchCombobox.tsx';
import { createThrottle } from './throttle.ts';

interface Props {
  label: string;
  /** The referenced resource's name. */
  reference: string;
  /** One id (reference) or a list of ids (references). */
  value: number | null | readonly number[];
  onChange: (value: number | null | number[]) => void;
  multiple?: boolean;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
}

function idsOf(value: Props['value']): number[] {
  if (value === null) return [];
  return typeof value === 'number' ? [value] : [...value];
}

/**
 * An autocomplete over another resource (spec §5): the search waits 300 ms after the last key;
 * up, down and Enter pick a record; Backspace in the empty box removes the last chosen one, at
 * most once per 300 ms; 'No result' when nothing matches.
 */
export function ReferenceField({
  label,
  reference,
  value,
  onChange,
  multiple = false,
  error,
  required,
  disabled,
  onBlur,
}: Props) {
  const t = useT();
  const location = useMemo(() => referenceLocation(reference), [reference]);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const [allowBackspace] = useState(() => createThrottle(BACKSPACE_THROTTLE_MS));
  const ids = idsOf(value);
  const chosen = useReferencedRecords(location, ids);
  const search = useResourceOptions(location, debounced);
  const settled = debounced === query.trim() && search.isSuccess;
  const options = (settled ? search.data.data : []).filter((record) => !ids.includes(record.id));

  const set = (next: number[]) => onChange(multiple ? next : (next.at(-1) ?? null));

  return (
    <Stack gap={6}>
      <SearchCombobox
        label={label}
        query={query}
        onQueryChange={setQuery}
        loading={search.isFetching}
        options={options.map((record) => ({ value: String(record.id), label: recordLabel(record), item: record }))}
        emptyText={settled && debounced && options.length === 0 ? t('widgets.autocomplete.noResult') : null}
        onSelect={(option) => {
          setQuery('');
          set(multiple ? [...ids, option.item.id] : [option.item.id]);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Backspace' || query !== '' || ids.length === 0) return;
          event.preventDefault();
          if (allowBackspace()) set(ids.slice(0, -1));
        }}
        onBlur={onBlur}
        error={error}
        withAsterisk={required}
        disabled={disabled}
      />
      {ids.length > 0 && (
        <Group gap={6} aria-label={t('widgets.reference.chosen', { label })} role="list">
          {ids.map((id) => {
            const record = chosen.get(id);
            const text = record ? recordLabel(record) : `#${id}`;
            return (
              <Pill key={id} size="md" role="listitem">
                <Group gap={2} wrap="nowrap" component="span">
                  {text}
                  {!disabled && (
                    <CloseButton
                      size="xs"
                      aria-label={t('widgets.reference.remove', { name: text })}
                      onClick={() => set(ids.filter((item) => item !== id))}
                    />
                  )}
                </Group>
              </Pill>
            );
          })}
        </Group>
      )}
      {ids.length === 0 && !multiple && <Input.Description>{t('widgets.reference.none')}</Input.Description>}
    </Stack>
  );
}
