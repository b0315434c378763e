import {
  Button,
  Checkbox,
  ColorInput,
  Group,
  Input,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { LANGUAGES } from '@regie/contract/languages';
import { type AccountConfig, accountConfig } from '@regie/contract/resources/accounts';
import { THEME_PRIMARY_COLOR } from '@regie/contract/ui';
import { IconRestore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isLanguage, LANGUAGE_LABELS } from '../../i18n/language-labels.ts';
import { useT } from '../../i18n/use-t.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { ImageUploadField } from '../../widgets/ImageUploadField.tsx';

/**
 * The form value of the stored config: every key with its default (a new key never needs a
 * migration). The form then holds what the user types, valid or not, checked on each change.
 */
export function toConfig(value: unknown): AccountConfig {
  const parsed = accountConfig.safeParse(value ?? {});
  return parsed.success ? parsed.data : accountConfig.parse({});
}

/** Every time zone the browser knows, the account's own first if the browser lacks it. */
function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The first error of each part of the config, by its path ('theme.primaryColor'). */
function errorsOf(config: unknown): Record<string, string> {
  const result = accountConfig.safeParse(config);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * The account's settings (contract `accountConfig`): theme colour (default #0ACAFF) and logo,
 * languages, contact e-mail and time zone. Each part says what is wrong with it under it.
 */
export function ConfigInput({ value, onChange, disabled, error }: FieldInputProps) {
  // `toConfig` made the form value: a whole config, maybe with values still being typed.
  const config = value as AccountConfig;
  const errors = errorsOf(config);
  const change = (next: Partial<AccountConfig>) => onChange({ ...config, ...next });
  const part = { config, change, errors, disabled };

  return (
    <Input.Wrapper error={typeof error === 'string' && Object.keys(errors).length === 0 ? error : undefined}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ThemePart {...part} />
        <Stack gap="md">
          <LanguagesPart {...part} />
          <ContactPart {...part} />
        </Stack>
      </SimpleGrid>
    </Input.Wrapper>
  );
}

/** What each part of the settings edits: the whole config, a change to merge, the errors by path. */
interface PartProps {
  config: AccountConfig;
  change: (next: Partial<AccountConfig>) => void;
  errors: Record<string, string>;
  disabled: boolean;
}

/** The theme colour (with a reset to the default) and the logo. */
function ThemePart({ config, change, errors, disabled }: PartProps) {
  const t = useT();
  return (
    <Section title={t('resource.accounts.config.theme')}>
      <Stack gap="md">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <ColorInput
            label={t('resource.accounts.config.primaryColor')}
            description={t('resource.accounts.config.primaryColorHint', { color: THEME_PRIMARY_COLOR })}
            format="hex"
            swatches={[THEME_PRIMARY_COLOR, '#0F1F2B', '#E03131', '#2F9E44', '#F08C00', '#7048E8']}
            value={config.theme.primaryColor}
            onChange={(primaryColor) => change({ theme: { ...config.theme, primaryColor } })}
            error={errors['theme.primaryColor']}
            disabled={disabled}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            leftSection={<IconRestore size={16} aria-hidden />}
            disabled={disabled || config.theme.primaryColor.toUpperCase() === THEME_PRIMARY_COLOR}
            onClick={() => change({ theme: { ...config.theme, primaryColor: THEME_PRIMARY_COLOR } })}
          >
            {t('resource.accounts.config.resetColor')}
          </Button>
        </Group>
        <ImageUploadField
          label={t('resource.accounts.config.logo')}
          kind="logo"
          value={config.theme.logo}
          onChange={(logo) => change({ theme: { ...config.theme, logo } })}
          error={errors['theme.logo']}
          disabled={disabled}
        />
      </Stack>
    </Section>
  );
}

/** The languages offered to the account's users, and the default one. */
function LanguagesPart({ config, change, errors, disabled }: PartProps) {
  const t = useT();
  const setLanguages = (next: Partial<AccountConfig['languages']>) =>
    change({ languages: { ...config.languages, ...next } });
  return (
    <Section title={t('resource.accounts.config.languages')}>
      <Stack gap="md">
        <Checkbox.Group
          label={t('resource.accounts.config.available')}
          value={config.languages.available}
          onChange={(available) => setLanguages({ available: available.filter(isLanguage) })}
          error={errors['languages.available']}
        >
          <Group gap="lg" mt={6}>
            {LANGUAGES.map((language) => (
              <Checkbox key={language} value={language} label={t(LANGUAGE_LABELS[language])} disabled={disabled} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label={t('resource.accounts.config.defaultLanguage')}
          data={LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABELS[language]) }))}
          value={config.languages.default}
          onChange={(next) => next && isLanguage(next) && setLanguages({ default: next })}
          allowDeselect={false}
          error={errors['languages.default']}
          disabled={disabled}
        />
      </Stack>
    </Section>
  );
}

/** The contact e-mail and the time zone. */
function ContactPart({ config, change, errors, disabled }: PartProps) {
  const t = useT();
  return (
    <Section title={t('resource.accounts.config.contact')}>
      <Stack gap="md">
        <TextInput
          type="email"
          label={t('resource.accounts.config.contactEmail')}
          placeholder="contact@example.com"
          value={config.contactEmail ?? ''}
          onChange={(event) => change({ contactEmail: event.currentTarget.value.trim() || null })}
          error={errors.contactEmail}
          disabled={disabled}
        />
        <Select
          label={t('resource.accounts.config.timezone')}
          data={timeZones(config.timezone)}
          value={config.timezone}
          onChange={(timezone) => timezone && change({ timezone })}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('widgets.autocomplete.noResult')}
          error={errors.timezone}
          disabled={disabled}
          limit={100}
        />
      </Stack>
    </Section>
  );
}
