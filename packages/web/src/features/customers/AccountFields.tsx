import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { MODULES } from '@regie/contract/modules';
import { IconCheck, IconCopy, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useLabel, useT } from '../../i18n/use-t.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { MODULE_GROUPS } from '../modules/module-groups.ts';

/** The account key: made by the server, never changed; shown read-only with a copy button. */
export function AccountKeyInput({ label, value }: FieldInputProps) {
  const t = useT();
  const key = typeof value === 'string' ? value : '';
  return (
    <TextInput
      label={label}
      description={t('resource.accounts.accountKeyHint')}
      value={key}
      readOnly
      ff="monospace"
      rightSection={
        <CopyButton value={key} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={t(copied ? 'resource.accounts.copied' : 'resource.accounts.copyKey')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal.8' : 'gray.7'}
                onClick={copy}
                aria-label={t(copied ? 'resource.accounts.copied' : 'resource.accounts.copyKey')}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

const MODULE_IDS: ReadonlyMap<string, number> = new Map(MODULES.map((module) => [module.code, module.id]));

/**
 * The account's modules as switches, by group (modules/module-groups.ts): what the account's
 * users may use. A filter finds one among the 60 by its name or code.
 */
export function ModulesInput({ label, value, onChange, disabled, error }: FieldInputProps) {
  const t = useT();
  const name = useLabel();
  const [filter, setFilter] = useState('');
  const chosen = new Set(Array.isArray(value) ? value.map(String) : []);
  // Kept in the catalogue's order whatever order the switches were flipped in.
  const set = (codes: Iterable<string>) =>
    onChange(MODULES.map((module) => module.code).filter((code) => [...codes].includes(code)));
  const needle = filter.trim().toLowerCase();
  const matches = (code: string) =>
    !needle || code.toLowerCase().includes(needle) || name(`module.${code}`).toLowerCase().includes(needle);

  return (
    <Input.Wrapper label={label} error={error}>
      <Group justify="space-between" mt={4} mb="md" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('resource.accounts.modulesOn', { count: chosen.size, total: MODULES.length })}
        </Text>
        <TextInput
          aria-label={t('resource.accounts.modulesFilter')}
          placeholder={t('resource.accounts.modulesFilter')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          type="search"
          w={{ base: '100%', sm: 260 }}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {MODULE_GROUPS.map((group) => {
          const shown = group.codes.filter(matches);
          if (shown.length === 0) return null;
          return (
            <ModuleGroupCard
              key={group.id}
              group={group}
              shown={shown}
              chosen={chosen}
              disabled={disabled}
              onChoose={set}
            />
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

interface ModuleGroupCardProps {
  group: (typeof MODULE_GROUPS)[number];
  /** The group's codes the filter lets through (never empty). */
  shown: readonly string[];
  chosen: ReadonlySet<string>;
  disabled: boolean;
  onChoose: (codes: Iterable<string>) => void;
}

/**
 * One group of modules: its heading with how many are on, a switch-all button and a switch per
 * shown module, described by what it changes for the account (`moduleInfo.<CODE>`), its code and id.
 */
function ModuleGroupCard({ group, shown, chosen, disabled, onChoose }: ModuleGroupCardProps) {
  const t = useT();
  const name = useLabel();
  const on = group.codes.filter((code) => chosen.has(code)).length;
  const all = on === group.codes.length;
  const headingId = `module-group-${group.id}`;
  const toggle = (code: string, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(code);
    else next.delete(code);
    onChoose(next);
  };
  const toggleGroup = () =>
    onChoose(
      all ? [...chosen].filter((code) => !group.codes.some((item) => item === code)) : [...chosen, ...group.codes],
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={3} size="h5" id={headingId}>
            {name(`moduleGroup.${group.id}`)}
          </Title>
          <Badge variant="light" radius="sm">
            {on} / {group.codes.length}
          </Badge>
        </Group>
        {!disabled && (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={`${t(all ? 'resource.accounts.groupOff' : 'resource.accounts.groupOn')} – ${name(`moduleGroup.${group.id}`)}`}
            onClick={toggleGroup}
          >
            {t(all ? 'resource.accounts.groupOff' : 'resource.accounts.groupOn')}
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {shown.map((code) => (
          <Switch
            key={code}
            checked={chosen.has(code)}
            onChange={(event) => toggle(code, event.currentTarget.checked)}
            disabled={disabled}
            label={name(`module.${code}`)}
            description={
              <>
                {name(`moduleInfo.${code}`)}
                <br />
                {code} · #{MODULE_IDS.get(code) ?? ''}
              </>
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}
