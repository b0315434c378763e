import '@mantine/dates/styles.css';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { DATE_TIME_FORMAT } from '../../widgets/DateTimeField.tsx';

/** A stored end, or null: an event may have no end yet (the shared picker would show now). */
export function endsAtToForm(value: unknown): string | null {
  return typeof value === 'string' && dayjs(value).isValid() ? value : null;
}

/** The event's end: empty until chosen, clearable (the server checks it comes after the start). */
export function EndsAtInput({ field, label, value, onChange, onBlur, error, disabled }: FieldInputProps) {
  const { i18n } = useTranslation();
  const stored = endsAtToForm(value);
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DateTimePicker
        label={label}
        name={field}
        value={stored ? dayjs(stored).format('YYYY-MM-DD HH:mm:ss') : null}
        valueFormat={DATE_TIME_FORMAT}
        onChange={(next) => onChange(next ? dayjs(next).toISOString() : null)}
        onBlur={onBlur}
        error={error}
        disabled={disabled}
        clearable
      />
    </DatesProvider>
  );
}
