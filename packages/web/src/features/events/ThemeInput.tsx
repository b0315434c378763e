import { Group, Radio, Stack, Text, Title } from '@mantine/core';
import { THEME_SECONDARY_COLOR } from '@regie/contract/resources/themes';
import { THEME_PRIMARY_COLOR } from '@regie/contract/ui';
import { referenceLocation, useResourceOptions } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { PlayerPreview, type PreviewTheme } from './PlayerPreview.tsx';
import { idOf } from './sport-data-options.ts';

const THEMES = referenceLocation('themes');
/** An account has a handful of themes: all of them are offered at once. */
const THEMES_SHOWN = 100;

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value ? value : fallback;
}

function previewTheme(record: ResourceRecord | undefined): PreviewTheme {
  return {
    primaryColor: text(record?.primaryColor, THEME_PRIMARY_COLOR),
    secondaryColor: text(record?.secondaryColor, THEME_SECONDARY_COLOR),
    font: text(record?.font, 'inter'),
    logo: typeof record?.logo === 'string' ? record.logo : null,
  };
}

/**
 * The theme tab: one of the account's themes (or none), with the player drawn in the chosen
 * theme's colours, font and logo as soon as it is picked, before saving.
 */
export function ThemeInput({ field, value, onChange, disabled, error, values, record }: FieldInputProps) {
  const t = useT();
  const themes = useResourceOptions(THEMES, '', { limit: THEMES_SHOWN });
  const list = themes.data?.data ?? [];
  const chosenId = idOf(value);
  const chosen = list.find((theme) => theme.id === chosenId);
  const name = text(values?.name, text(record?.name, ''));
  return (
    <Stack gap="md">
      <div>
        <Title order={3} size="h4">
          {t('events.theme.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('events.theme.intro')}
        </Text>
      </div>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Radio.Group
          name={field}
          label={t('resource.events.field.themeId')}
          value={chosenId === null ? 'none' : String(chosenId)}
          onChange={(next) => onChange(next === 'none' ? null : idOf(next))}
          error={error}
          miw={240}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="none" label={t('events.theme.none')} disabled={disabled} />
            {list.map((theme) => (
              <Radio key={theme.id} value={String(theme.id)} disabled={disabled} label={<ThemeLabel theme={theme} />} />
            ))}
          </Stack>
          {themes.isSuccess && list.length === 0 && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('events.theme.empty')}
            </Text>
          )}
        </Radio.Group>
        <PlayerPreview theme={previewTheme(chosen)} title={name} state={text(values?.state, 'replay')} />
      </Group>
    </Stack>
  );
}

function ThemeLabel({ theme }: { theme: ResourceRecord }) {
  const colours = [text(theme.primaryColor, THEME_PRIMARY_COLOR), text(theme.secondaryColor, THEME_SECONDARY_COLOR)];
  return (
    <Group gap={8} wrap="nowrap">
      {colours.map((colour) => (
        <span
          key={colour}
          aria-hidden
          style={{ width: 14, height: 14, borderRadius: 4, background: colour, border: '1px solid #0003' }}
        />
      ))}
      <span>{text(theme.name, `#${theme.id}`)}</span>
    </Group>
  );
}
