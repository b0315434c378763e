import '@mantine/dates/styles.css';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { useT } from '../i18n/use-t.ts';

/** The date-time format of the back-office (spec §5): ISO date, 24-hour time. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

interface Props extends Omit<DateTimePickerProps, 'value' | 'onChange' | 'valueFormat' | 'clearable'> {
  value: string | null;
  onChange: (value: string) => void;
  /**
   * Given, the field may be left empty: no value shows empty (not now) and clearing it calls
   * this (a time that falls back to a default, like a vote's own opening).
   */
  onClear?: () => void;
}

/** A date-time picker, 24-hour (spec §5); a value that is not a date shows as now unless it may be empty. */
export function DateTimeField({ value, onChange, onClear, ...props }: Props) {
  const { i18n } = useTranslation();
  const t = useT();
  const parsed = value ? dayjs(value) : null;
  const shown = parsed?.isValid() ? parsed : onClear ? null : dayjs();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DateTimePicker
        {...props}
        value={shown ? shown.format('YYYY-MM-DD HH:mm:ss') : null}
        valueFormat={DATE_TIME_FORMAT}
        clearable={Boolean(onClear)}
        clearButtonProps={{ 'aria-label': t('widgets.dateTime.clear', { label: String(props.label ?? '') }) }}
        submitButtonProps={{ 'aria-label': t('widgets.dateTime.confirm') }}
        onChange={(next) => (next ? onChange(next) : onClear?.())}
      />
    </DatesProvider>
  );
}
