import { Anchor, Breadcrumbs, Group, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import type { RouteEntry } from '@regie/contract/menu';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useModuleNames } from '../../features/events/module-names.ts';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { usePageHeadingAside, usePageTitleOverride } from '../../widgets/page-title.ts';
import { useDocumentTitle } from '../../widgets/use-document-title.ts';
import { titleEntry } from '../route-entry.ts';
import classes from './layout.module.css';
import type { PageTabs } from './navigation.ts';
import { menuTarget } from './navigation.ts';

interface Props {
  trail: readonly RouteEntry[];
  tabs: PageTabs;
  /** Shown when the page is not one of the tree (the not-authorized page). */
  fallbackTitle: string;
}

/**
 * The top bar: where the page sits in the tree, its title, and its tabs (role=tab). It renders
 * inside the page's `Tabs`, whose panel holds the screen.
 */
export function TopBar({ trail, tabs, fallbackTitle }: Props) {
  const t = useT();
  const label = useLabel();
  const subject = useAccessSubject();
  const moduleNames = useModuleNames();
  const section = titleEntry(trail);
  // A screen may title its page itself: a record's edit screen by the record's name.
  const override = usePageTitleOverride();
  const title = override ?? (section ? label(section.node.labelKey) : fallbackTitle);
  // What the screen shows beside its heading (an event's visibility to fans).
  const aside = usePageHeadingAside();

  useDocumentTitle(title);

  return (
    <div className={classes.topBar} data-without-tabs={tabs.tabs.length === 0 || undefined}>
      {trail.length > 1 && (
        <Breadcrumbs aria-label={t('layout.breadcrumbs')} separatorMargin={6} mb={4}>
          {trail.map((entry, index) =>
            index < trail.length - 1 && !entry.node.path.includes(':') ? (
              <Anchor key={entry.fullPath} component={Link} to={menuTarget(subject, entry)} size="sm" c="dimmed">
                {label(entry.node.labelKey)}
              </Anchor>
            ) : (
              <Text key={entry.fullPath} size="sm" c="dimmed">
                {label(entry.node.labelKey)}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {aside}
      </Group>
      {tabs.tabs.length > 0 && (
        <Tabs.List aria-label={t('layout.tabs')} mt="sm" style={{ borderBottom: 0 }}>
          {tabs.tabs.map((tab) => {
            // An event tab locked by its modules says which ones it needs (spec §6).
            const reason = tab.missingModules
              ? t('events.tab.needsModules', { modules: moduleNames(tab.missingModules) })
              : undefined;
            return (
              <Tabs.Tab
                key={tab.href}
                value={tab.href}
                disabled={tab.disabled}
                title={reason}
                leftSection={reason ? <IconLock size={14} aria-hidden /> : undefined}
              >
                {label(tab.entry.node.labelKey)}
                {reason && <VisuallyHidden>{` ${reason}`}</VisuallyHidden>}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      )}
    </div>
  );
}
