import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useEffect } from 'react';

export interface SearchOption<T> {
  value: string;
  label: string;
  item: T;
}

interface Props<T> {
  label: string;
  placeholder?: string;
  description?: ReactNode;
  /** The typed text (controlled: the parent debounces it and runs the search). */
  query: string;
  onQueryChange: (query: string) => void;
  options: readonly SearchOption<T>[];
  loading?: boolean;
  /** Shown in the list when a search came back empty ('No match found', 'No result'). */
  emptyText?: string | null;
  onSelect: (option: SearchOption<T>) => void;
  /** Keys the box does not handle itself (Backspace removing the chosen value). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
}

/**
 * A keyboard-usable search box with a result list (spec §5 autocomplete): arrows move through
 * the results, Enter picks one, Escape closes the list. Options keep the order they come in.
 */
export function SearchCombobox<T>({
  label,
  placeholder,
  description,
  query,
  onQueryChange,
  options,
  loading = false,
  emptyText,
  onSelect,
  onKeyDown,
  onBlur,
  error,
  withAsterisk,
  disabled,
}: Props<T>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hasContent = options.length > 0 || Boolean(emptyText);

  // The first result is ready for Enter as soon as results arrive.
  const firstValue = options[0]?.value;
  useEffect(() => {
    if (firstValue !== undefined) combobox.selectFirstOption();
  }, [firstValue, combobox.selectFirstOption]);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const option = options.find((candidate) => candidate.value === value);
        if (option) onSelect(option);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          description={description}
          value={query}
          autoComplete="off"
          onChange={(event) => {
            onQueryChange(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          error={error}
          withAsterisk={withAsterisk}
          disabled={disabled}
          rightSection={loading ? <Loader size={16} aria-hidden /> : null}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!hasContent}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {options.map((option) => (
            <Combobox.Option value={option.value} key={option.value}>
              {option.label}
            </Combobox.Option>
          ))}
          {options.length === 0 && emptyText && <Combobox.Empty>{emptyText}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
