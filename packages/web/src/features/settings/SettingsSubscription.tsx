import {
  Alert,
  Badge,
  Group,
  List,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { MODULES } from '@regie/contract/modules';
import { IconCircleCheckFilled, IconCircleDashed, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { isLanguage } from '../../i18n/i18n.ts';
import { LANGUAGE_LABELS } from '../../i18n/language-labels.ts';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { useSession } from '../../session/current-session.ts';
import { MODULE_GROUPS } from '../modules/module-groups.ts';

/**
 * /account/settings/subscription: what the account's plan includes, read-only (the modules are
 * set by the platform's administrators on the customer's 'modules' tab).
 */
export function SettingsSubscription() {
  const t = useT();
  const { user } = useSession();
  if (!user) return null;
  const included = new Set(user.modules);
  const count = MODULES.filter((module) => included.has(module.code)).length;
  const languages = user.languages.available
    .map((language) => (isLanguage(language.code) ? t(LANGUAGE_LABELS[language.code]) : language.name))
    .join(', ');

  return (
    <Stack gap="lg" maw={1080}>
      <Paper withBorder radius="lg" p="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <div>
            <Text size="sm" c="dimmed" fw={500}>
              {t('settings.subscription.account')}
            </Text>
            <Title order={2} size="h3">
              {user.account.name}
            </Title>
          </div>
          <Stack gap={6} miw={240} style={{ flex: '0 1 320px' }}>
            <Text fw={600}>{t('settings.subscription.modulesCount', { count, total: MODULES.length })}</Text>
            <Progress
              value={(count / MODULES.length) * 100}
              aria-label={t('settings.subscription.modulesCount', { count, total: MODULES.length })}
            />
            <Text size="sm" c="dimmed">
              {t('settings.subscription.languages', { languages })}
            </Text>
          </Stack>
        </Group>
        <Alert variant="light" color="regie" icon={<IconInfoCircle aria-hidden />} mt="lg">
          {t('settings.subscription.readOnly')}
        </Alert>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {MODULE_GROUPS.map((group) => (
          <PlanGroupCard key={group.id} group={group} included={included} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * One group of modules in the plan: how many are included, and each module ticked or not, with
 * what it changes; a module the plan lacks says so in words, not only by its dimmed name.
 */
function PlanGroupCard({ group, included }: { group: (typeof MODULE_GROUPS)[number]; included: ReadonlySet<string> }) {
  const t = useT();
  const name = useLabel();
  const on = group.codes.filter((code) => included.has(code)).length;
  const headingId = `plan-group-${group.id}`;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h5" id={headingId}>
          {name(`moduleGroup.${group.id}`)}
        </Title>
        <Badge variant={on > 0 ? 'light' : 'outline'} color={on > 0 ? 'regie' : 'gray'} radius="sm">
          {on} / {group.codes.length}
        </Badge>
      </Group>
      <List spacing="sm" listStyleType="none">
        {group.codes.map((code) => {
          const has = included.has(code);
          return (
            <List.Item
              key={code}
              icon={
                <ThemeIcon
                  variant="transparent"
                  size={20}
                  color={has ? 'teal.8' : 'gray.6'}
                  title={t(has ? 'moduleInfo.inPlan' : 'moduleInfo.notInPlan')}
                  aria-hidden
                >
                  {has ? <IconCircleCheckFilled size={18} aria-hidden /> : <IconCircleDashed size={18} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text span display="block" c={has ? undefined : 'dimmed'} fw={has ? 550 : 400} size="sm">
                {name(`module.${code}`)}
              </Text>
              <VisuallyHidden>
                {' '}
                — {t(has ? 'settings.subscription.included' : 'settings.subscription.notIncluded')}
              </VisuallyHidden>
              <Text span display="block" size="xs" c="dimmed">
                {name(`moduleInfo.${code}`)}
              </Text>
              {!has && (
                <Text span display="block" size="xs" fw={500} mt={2}>
                  <IconLock size={12} aria-hidden style={{ verticalAlign: '-1px', marginInlineEnd: 4 }} />
                  {t('moduleInfo.notInPlan')}
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
