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

/** A select that, without an empty item, never stays empty (spec §5). */
export function SelectField({ data, value, onChange, withEmptyItem = false, ...props }: Props) {
  const first = data[0]?.value ?? null;
  useEffect(() => {
    if (!withEmptyItem && value === null && first !== null) onChange(first);
  }, [withEmptyItem, value, first, onChange]);
  return (
    <Select
      {...props}
      data={[...data]}
      value={value}
      onChange={(next) => onChange(next)}
      allowDeselect={withEmptyItem}
      clearable={withEmptyItem}
    />
  );
}
