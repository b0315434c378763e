import dayjs from 'dayjs';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { DateTimeField } from '../../widgets/DateTimeField.tsx';

/** A stored end, or null: an event may have no end yet (the shared picker would show now). */
export function endsAtToForm(value: unknown): string | null {
  return typeof value === 'string' && dayjs(value).isValid() ? value : null;
}

/** The event's end: empty until chosen, clearable (the server checks it comes after the start). */
export function EndsAtInput({ field, label, value, onChange, onBlur, error, disabled }: FieldInputProps) {
  return (
    <DateTimeField
      label={label}
      name={field}
      value={endsAtToForm(value)}
      onChange={(next) => onChange(dayjs(next).toISOString())}
      onClear={() => onChange(null)}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
    />
  );
}
