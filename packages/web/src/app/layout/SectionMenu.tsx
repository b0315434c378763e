import { NavLink, Title } from '@mantine/core';
import type { RouteEntry } from '@regie/contract/menu';
import { Link } from 'react-router';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import classes from './layout.module.css';
import { menuIcon } from './menu-icons.ts';
import { menuTarget, sectionEntries } from './navigation.ts';

interface Props {
  /** The top-level entry of the page on screen, and the entries from it down to the page. */
  top: RouteEntry | undefined;
  trail: readonly RouteEntry[];
}

/** The sub-menu (spec §2): the second-level entries of the active top-level entry. */
export function SectionMenu({ top, trail }: Props) {
  const t = useT();
  const label = useLabel();
  const subject = useAccessSubject();
  if (!top) return null;
  const entries = sectionEntries(subject, top);

  return (
    <>
      <Title order={2} size="h4" className={classes.sectionTitle}>
        {label(top.node.labelKey)}
      </Title>
      <nav aria-label={t('layout.sectionMenu')} className={classes.sectionNav}>
        <ul>
          {entries.map((entry) => {
            const Icon = menuIcon(entry.node.icon);
            const common = {
              label: label(entry.node.labelKey),
              leftSection: <Icon size={18} stroke={1.7} aria-hidden />,
              active: trail.includes(entry),
              variant: 'light' as const,
              style: { borderRadius: 'var(--mantine-radius-md)' },
            };
            return (
              <li key={entry.fullPath}>
                {entry.node.disabled ? (
                  // A disabled entry says what it will hold (spec §2: the dashboard's detail).
                  <NavLink
                    component="span"
                    {...common}
                    description={entry.node.disabledHintKey ? label(entry.node.disabledHintKey) : undefined}
                    title={entry.node.disabledHintKey ? label(entry.node.disabledHintKey) : undefined}
                    disabled
                    aria-disabled
                  />
                ) : (
                  <NavLink
                    component={Link}
                    to={menuTarget(subject, entry)}
                    aria-current={common.active ? 'page' : undefined}
                    {...common}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
