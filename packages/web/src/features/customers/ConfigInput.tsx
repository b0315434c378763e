import { Button, Checkbox, Group, Input, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { paths } from '@regie/contract/api';
import type { AdminPayloadResponse } from '@regie/contract/auth';
import { LANGUAGES } from '@regie/contract/languages';
import { type AccountConfig, accountConfig } from '@regie/contract/resources/accounts';
import { THEME_PRIMARY_COLOR } from '@regie/contract/ui';
import { IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApi } from '../../api/api-context.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { isLanguage, LANGUAGE_LABELS } from '../../i18n/language-labels.ts';
import { useT } from '../../i18n/use-t.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { ColorField } from '../../widgets/ColorField.tsx';
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

/**
 * The first error of each part of the config, by its path ('theme.primaryColor'); the server's
 * error goes under the part its path names (its 400 on 'config.sportId': a sport the account
 * does not see), when the config has that part.
 */
function errorsOf(config: unknown, serverError: unknown, serverPath: string | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  const part = serverPath?.startsWith('config.') ? serverPath.slice('config.'.length) : null;
  if (typeof serverError === 'string' && part && SERVER_PARTS.has(part)) errors[part] = serverError;
  const result = accountConfig.safeParse(config);
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The parts of the config that show an error under them. */
const SERVER_PARTS: ReadonlySet<string> = new Set([
  'theme.primaryColor',
  'theme.logo',
  'languages.available',
  'languages.default',
  'contactEmail',
  'timezone',
  'sportId',
]);

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
 * its sport, languages, contact e-mail and time zone. Each part says what is wrong with it under it.
 */
export function ConfigInput({ value, onChange, disabled, error, errorPath, record }: FieldInputProps) {
  // `toConfig` made the form value: a whole config, maybe with values still being typed.
  const config = value as AccountConfig;
  const errors = errorsOf(config, error, errorPath);
  const change = (next: Partial<AccountConfig>) => onChange({ ...config, ...next });
  const part = { config, change, errors, disabled };
  const accountId = typeof record?.id === 'number' ? record.id : null;

  return (
    <Input.Wrapper error={typeof error === 'string' && Object.keys(errors).length === 0 ? error : undefined}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <ThemePart {...part} />
          <SportPart {...part} accountId={accountId} />
        </Stack>
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
          <ColorField
            label={t('resource.accounts.config.primaryColor')}
            description={t('resource.accounts.config.primaryColorHint', { color: THEME_PRIMARY_COLOR })}
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

/** The sports the edited account sees (GET accounts/{id}/sports), not those of the admin. */
function useAccountSports(accountId: number | null) {
  const client = useApi();
  return useQuery({
    queryKey: queryKeys.accountSports(accountId ?? 0),
    queryFn: ({ signal }) =>
      client.get<AdminPayloadResponse['sports']>(paths.accountSports(accountId ?? 0), undefined, { signal }),
    enabled: accountId !== null,
  });
}

/** Stands for null in the select: the account has no single sport. */
const NO_SPORT = 'none';

/**
 * The sport the account is about (`config.sportId`, spec §6): an admin acting for it has its lists
 * narrowed to it. Chosen among the sports the account sees, so only once it exists.
 */
function SportPart({ config, change, errors, disabled, accountId }: PartProps & { accountId: number | null }) {
  const t = useT();
  const sports = useAccountSports(accountId);
  const offered = (sports.data ?? []).map((sport) => ({ value: String(sport.id), label: sport.name }));
  const current = config.sportId === null ? NO_SPORT : String(config.sportId);
  // A sport deleted since, or no longer the account's: shown as it is until another is chosen.
  if (current !== NO_SPORT && sports.isSuccess && !offered.some((item) => item.value === current)) {
    offered.push({ value: current, label: t('resource.accounts.config.sportGone', { id: current }) });
  }
  return (
    <Section title={t('resource.accounts.config.sport')}>
      <Select
        label={t('resource.accounts.config.sportId')}
        description={t(
          accountId === null ? 'resource.accounts.config.sportIdOnCreate' : 'resource.accounts.config.sportIdHint',
        )}
        data={[{ value: NO_SPORT, label: t('resource.accounts.config.sportNone') }, ...offered]}
        value={current}
        onChange={(next) => next && change({ sportId: next === NO_SPORT ? null : Number(next) })}
        allowDeselect={false}
        searchable
        nothingFoundMessage={t('widgets.autocomplete.noResult')}
        error={errors.sportId}
        disabled={disabled || accountId === null || !sports.isSuccess}
      />
    </Section>
  );
}
