import { Badge, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { Language } from '@regie/contract/languages';
import { isRole } from '@regie/contract/roles';
import type { ReactNode } from 'react';
import { useAction } from '../../api/action.ts';
import { isLanguage, UI_LANGUAGES } from '../../i18n/i18n.ts';
import { T } from '../../i18n/T.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useSession } from '../../session/current-session.ts';
import { saveLanguage } from '../../session/session-actions.ts';

const LANGUAGE_LABELS: Record<Language, MessageKey> = { en: 'language.en', fr: 'language.fr' };

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** /account/settings/infos: who the user is, and the interface language (saved in their meta). */
export function SettingsInfos() {
  const t = useT();
  const { user } = useSession();
  const save = useAction(saveLanguage);
  if (!user) return null;
  const roles = user.Roles.map((role) => role.name);

  return (
    <Stack gap="lg" maw={880}>
      <Paper withBorder radius="lg" p="xl">
        <Title order={2} size="h4" mb="md">
          <T k="settings.profile.title" />
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" m={0}>
          <Field label={<T k="settings.profile.name" />}>{user.name}</Field>
          <Field label={<T k="settings.profile.username" />}>{user.username}</Field>
          <Field label={<T k="settings.profile.account" />}>{user.account?.name ?? user.accountName}</Field>
        </SimpleGrid>
        <Text size="sm" c="dimmed" fw={500} mt="lg" mb={6} id="settings-roles">
          <T k="settings.profile.roles" />
        </Text>
        {roles.length ? (
          <Group
            gap={6}
            component="ul"
            aria-labelledby="settings-roles"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {roles.map((role) => (
              <Badge key={role} component="li" variant="light" radius="sm" tt="none" size="lg">
                {isRole(role) ? t(`role.${role}`) : role}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text>
            <T k="settings.profile.noRoles" />
          </Text>
        )}
      </Paper>
      <Paper withBorder radius="lg" p="xl">
        <Title order={2} size="h4" mb="md">
          <T k="settings.preferences.title" />
        </Title>
        <Select
          label={t('settings.preferences.language')}
          description={t('settings.preferences.languageHint')}
          maw={320}
          data={UI_LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_LABELS[language]) }))}
          value={user.meta.language}
          allowDeselect={false}
          disabled={save.isPending}
          onChange={(value) => isLanguage(value) && value !== user.meta.language && save.mutate(value)}
        />
      </Paper>
    </Stack>
  );
}
