import '@mantine/dates/styles.css';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';

/** The date-time format of the back-office (spec §5): ISO date, 24-hour time. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

interface Props extends Omit<DateTimePickerProps, 'value' | 'onChange' | 'valueFormat'> {
  value: string | null;
  onChange: (value: string) => void;
}

/** A date-time picker; a value that is not a date shows as now (spec §5). */
export function DateTimeField({ value, onChange, ...props }: Props) {
  const { i18n } = useTranslation();
  const parsed = value ? dayjs(value) : null;
  const shown = parsed?.isValid() ? parsed : dayjs();
  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <DateTimePicker
        {...props}
        value={shown.format('YYYY-MM-DD HH:mm:ss')}
        valueFormat={DATE_TIME_FORMAT}
        onChange={(next) => next && onChange(next)}
      />
    </DatesProvider>
  );
}
