import '@mantine/dates/styles.css';
import { Group, SegmentedControl } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { DASHBOARD_PRESET_DAYS } from '@regie/contract/dashboard';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { useT } from '../../i18n/use-t.ts';
import type { PeriodChoice, PresetDays } from './period.ts';

const CUSTOM = 'custom';

function presetOf(value: string): PresetDays | null {
  return DASHBOARD_PRESET_DAYS.find((days) => String(days) === value) ?? null;
}

/** The period a screen covers: 7, 30 or 90 days up to now, or a custom range of days. */
export function PeriodPicker({ choice, onChange }: { choice: PeriodChoice; onChange: (next: PeriodChoice) => void }) {
  const t = useT();
  const { i18n } = useTranslation();
  const presetLabels = { 7: t('insights.period.7'), 30: t('insights.period.30'), 90: t('insights.period.90') };
  return (
    <Group align="flex-end" gap="md">
      <SegmentedControl
        aria-label={t('insights.period.label')}
        value={String(choice.preset)}
        onChange={(value) => {
          const preset = presetOf(value);
          onChange(preset ? { preset } : { preset: CUSTOM, range: [null, null] });
        }}
        data={[
          ...DASHBOARD_PRESET_DAYS.map((days) => ({ value: String(days), label: presetLabels[days] })),
          { value: CUSTOM, label: t('insights.period.custom') },
        ]}
      />
      {choice.preset === CUSTOM && (
        <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
          <DatePickerInput
            type="range"
            label={t('insights.period.range')}
            placeholder={t('insights.period.rangePlaceholder')}
            value={choice.range}
            onChange={(range) => onChange({ preset: CUSTOM, range })}
            maxDate={new Date()}
            miw={260}
          />
        </DatesProvider>
      )}
    </Group>
  );
}
