import { Select, type SelectProps } from '@mantine/core';
import { useEffect } from 'react';

interface Option {
  value: string;
  label: string;
}

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  data: readonly Option[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** Offer an empty choice; without one the first option is picked when there is no value. */
  withEmptyItem?: boolean;
}

/**
 * Spec §5: a select without an empty item holds its first option when it has no valid value; a
 * select with one holds null when it has no initial value. While the options are still loading
 * (none yet), the value is left alone.
 */
export function autoSelectValue(
  options: readonly string[],
  value: string | null,
  withEmptyItem: boolean,
): string | null {
  if (options.length === 0) return value;
  if (value !== null && options.includes(value)) return value;
  return withEmptyItem ? null : (options[0] ?? null);
}

/** A select that, without an empty item, never stays empty (spec §5). */
export function SelectField({ data, value, onChange, withEmptyItem = false, ...props }: Props) {
  const options = data.map((option) => option.value);
  const selected = autoSelectValue(options, value, withEmptyItem);
  useEffect(() => {
    if (selected !== value) onChange(selected);
  }, [selected, value, onChange]);
  return (
    <Select
      {...props}
      data={[...data]}
      value={selected}
      onChange={(next) => onChange(next)}
      allowDeselect={withEmptyItem}
      clearable={withEmptyItem}
    />
  );
}
