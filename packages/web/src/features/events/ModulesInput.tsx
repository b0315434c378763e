import { Checkbox, Stack, Text, Title } from '@mantine/core';
import { effectiveGrants } from '@regie/contract/access';
import { EVENT_MODULES, EVENT_TAB_MODULES, SPORT_EVENT_TABS } from '@regie/contract/events';
import { useLabel, useT } from '../../i18n/use-t.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { useAccessSubject } from '../../session/access.ts';

function codesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The tabs a module helps open (contract EVENT_TAB_MODULES), in the tabs' order. */
function tabsOpenedBy(code: string): string[] {
  return SPORT_EVENT_TABS.filter((tab) => (EVENT_TAB_MODULES[tab] ?? []).some((needed) => needed === code));
}

/**
 * The settings tab's modules: those an event can use that the account has (the server refuses
 * others), plus any still active that the account has lost, so they can be switched off. Each
 * says what it brings and which tab it opens.
 */
export function ModulesInput({ field, value, onChange, disabled, error }: FieldInputProps) {
  const t = useT();
  const label = useLabel();
  const subject = useAccessSubject();
  const accountModules = effectiveGrants(subject).modules;
  const active = codesOf(value);
  const offered = EVENT_MODULES.filter((code) => accountModules.includes(code) || active.includes(code));
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} size="h4">
          {t('events.settings.modulesTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('events.settings.modulesIntro')}
        </Text>
      </div>
      {offered.length === 0 ? (
        <Text size="sm">{t('events.settings.noModules')}</Text>
      ) : (
        <Checkbox.Group
          name={field}
          label={t('resource.events.field.activatedModules')}
          value={active}
          onChange={onChange}
          error={error}
        >
          <Stack gap="sm" mt="xs">
            {offered.map((code) => (
              <Checkbox
                key={code}
                value={code}
                disabled={disabled}
                label={label(`module.${code}`)}
                description={[
                  label(`events.settings.module.${code}`),
                  ...tabsOpenedBy(code).map((tab) => t('events.settings.opensTab', { tab: label(`tab.${tab}`) })),
                ].join(' ')}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
