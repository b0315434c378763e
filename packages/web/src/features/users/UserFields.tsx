import { Badge, Group, MultiSelect, Select, Text } from '@mantine/core';
import { isPlatformAdmin } from '@regie/contract/access';
import { DEFAULT_LANGUAGE, type Language } from '@regie/contract/languages';
import { isRole } from '@regie/contract/roles';
import { isLanguage, UI_LANGUAGES } from '../../i18n/i18n.ts';
import { LANGUAGE_LABELS } from '../../i18n/language-labels.ts';
import { useT } from '../../i18n/use-t.ts';
import type { FilterInputProps } from '../../resources/customization.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { useAccessSubject } from '../../session/access.ts';
import { useSession } from '../../session/current-session.ts';
import { grantsAdminRole, useGroups } from './account-groups.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A user's interface language, kept in `meta.language` (spec §1: en or fr, default en). */
export function languageOfMeta(meta: unknown): Language {
  const language = isRecord(meta) ? meta.language : undefined;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** The `meta` field edited as its one key the back-office sets: the language. */
export function LanguageInput({ label, value, onChange, onBlur, disabled, error }: FieldInputProps) {
  const t = useT();
  return (
    <Select
      label={label}
      data={UI_LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABELS[language]) }))}
      value={isLanguage(value) ? value : DEFAULT_LANGUAGE}
      onChange={(next) => isLanguage(next) && onChange(next)}
      onBlur={onBlur}
      disabled={disabled}
      error={error}
      allowDeselect={false}
    />
  );
}

export function LanguageCell({ value }: { value: unknown }) {
  const t = useT();
  return <>{t(LANGUAGE_LABELS[languageOfMeta(value)])}</>;
}

function ids(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
}

/** The translated name of a role, or the role itself when the contract does not know it. */
export function useRoleName() {
  const t = useT();
  return (role: string) => (isRole(role) ? t(`role.${role}`) : role);
}

/**
 * The groups of the user's account (the user's roles come from them): a multi-select of the
 * account's groups, with the roles the chosen ones give. Groups granting the platform admin role
 * are offered to platform admins only (the server refuses them to others).
 */
export function GroupsInput({ label, value, onChange, onBlur, disabled, error, record }: FieldInputProps) {
  const t = useT();
  const roleName = useRoleName();
  const { user } = useSession();
  const admin = isPlatformAdmin(useAccessSubject());
  const accountId = typeof record?.AccountId === 'number' ? record.AccountId : (user?.account.id ?? null);
  const { groups, list } = useGroups(accountId);
  const chosen = ids(value);
  const offered = groups.filter((group) => admin || !grantsAdminRole(group) || chosen.includes(group.id));
  const roles = [...new Set(groups.filter((group) => chosen.includes(group.id)).flatMap((group) => group.roles))];
  return (
    <MultiSelect
      label={label}
      description={
        roles.length > 0
          ? t('resource.users.rolesGiven', { roles: roles.map(roleName).sort().join(', ') })
          : t('resource.users.noRolesGiven')
      }
      placeholder={list.isPending ? t('app.loading') : undefined}
      data={offered.map((group) => ({ value: String(group.id), label: group.name }))}
      value={chosen.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      onBlur={onBlur}
      disabled={disabled}
      error={error}
      searchable
      clearable
      nothingFoundMessage={t('widgets.autocomplete.noResult')}
    />
  );
}

/** A user's groups in the list, by name. */
export function GroupsCell({ value }: { value: unknown }) {
  const { groups } = useGroups();
  const names = ids(value).map((id) => groups.find((group) => group.id === id)?.name ?? `#${id}`);
  if (names.length === 0) {
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {names.map((name) => (
        <Badge key={name} variant="light" radius="sm" tt="none">
          {name}
        </Badge>
      ))}
    </Group>
  );
}

/** The users list's filter on groups: by name rather than by id. */
export function GroupsFilter({ label, values, onChange }: FilterInputProps) {
  const { groups } = useGroups();
  return (
    <MultiSelect
      aria-label={label}
      placeholder={values.length === 0 ? label : undefined}
      data={groups.map((group) => ({ value: String(group.id), label: group.name }))}
      value={[...values]}
      onChange={onChange}
      searchable
      clearable
      miw={180}
      maw={320}
    />
  );
}
