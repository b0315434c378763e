import { Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type EventTabGate, eventTabGate, type SportEventTab } from '@regie/contract/events';
import { IconLock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useActiveEventModules } from '../../app/layout/event-modules.ts';
import { ScreenPending } from '../../app/layout/ScreenPanels.tsx';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';
import { useFansVisibilityHeading } from '../lifecycle/FansVisibility.tsx';
import { EVENT_TAB_BODIES } from './event-tabs.tsx';
import { useModuleNames } from './module-names.ts';

export function activatedModulesOf(record: ResourceRecord | null): string[] {
  const value = record?.activatedModules;
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * Tells the top bar which of the event's tabs its modules open and whether fans can see the event
 * (drawn on every tab of a saved event).
 */
export function EventModulesSync({ record }: { record: ResourceRecord }) {
  useActiveEventModules(activatedModulesOf(record));
  useFansVisibilityHeading(Number(record.id));
  return null;
}

/** A tab the event cannot open yet, and what it needs (reached by its address). */
function LockedTab({ gate }: { gate: Exclude<EventTabGate, { enabled: true }> }) {
  const t = useT();
  const names = useModuleNames();
  return (
    <Paper withBorder radius="lg" p="xl" maw={640}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconLock size={26} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('events.tab.locked')}
        </Title>
        <Text>
          {gate.reason === 'creation'
            ? t('events.tab.needsSaving')
            : t('events.tab.needsModules', { modules: names(gate.missing) })}
        </Text>
        {gate.reason === 'modules' && <Text c="dimmed">{t('events.tab.activateHint')}</Text>}
      </Stack>
    </Paper>
  );
}

/** A tab of a saved event that is not its form: its body when its modules are active. */
export function EventTabPanel({ tab, record }: { tab: SportEventTab; record: ResourceRecord }) {
  const activatedModules = activatedModulesOf(record);
  useActiveEventModules(activatedModules);
  useFansVisibilityHeading(Number(record.id));
  const gate = eventTabGate(tab, { creating: false, activatedModules });
  if (!gate.enabled) return <LockedTab gate={gate} />;
  const Body = EVENT_TAB_BODIES[tab];
  if (!Body) return <ScreenPending />;
  return (
    <Suspense fallback={<Skeleton h={120} radius="lg" maw={980} />}>
      <Body eventId={record.id} />
    </Suspense>
  );
}
