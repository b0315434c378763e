import { ActionIcon, Tooltip } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import type { RouteEntry } from '@regie/contract/menu';
import { MENU_ITEM_HEIGHT, SMALL_WINDOW_HEIGHT } from '@regie/contract/ui';
import {
  IconChevronDown,
  IconChevronUp,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useEnvironment } from '../../api/queries.ts';
import { useLabel, useT } from '../../i18n/use-t.ts';
import { homepageOf, useAccessSubject } from '../../session/access.ts';
import type { SessionUser } from '../../session/session-store.ts';
import { Logo } from '../../widgets/Logo.tsx';
import classes from './layout.module.css';
import { menuIcon } from './menu-icons.ts';
import { menuTarget, topLevelEntries } from './navigation.ts';

interface Props {
  user: SessionUser;
  activeTop: RouteEntry | undefined;
  collapsed: boolean;
  /** Absent when there is no section menu to show or hide. */
  onToggle: (() => void) | undefined;
  onLogout: () => void;
}

/** The left icon menu (spec §2 "Layout"): 45 px items, scroll arrows in short windows. */
export function MainMenu({ user, activeTop, collapsed, onToggle, onLogout }: Props) {
  const t = useT();
  const subject = useAccessSubject();
  const { height } = useViewportSize();
  const navRef = useRef<HTMLElement>(null);
  const scrollable = height > 0 && height < SMALL_WINDOW_HEIGHT;
  const scroll = (direction: 1 | -1) =>
    navRef.current?.scrollBy({ top: direction * MENU_ITEM_HEIGHT * 3, behavior: 'smooth' });
  const logoutLabel = t('layout.logout', { name: user.name || user.username });

  return (
    <header className={classes.rail}>
      <Link to={homepageOf(user)} aria-label={t('layout.home')}>
        <Logo size={36} markOnly />
      </Link>
      {onToggle && <SectionMenuToggle collapsed={collapsed} onToggle={onToggle} />}
      {scrollable && (
        <ActionIcon
          variant="subtle"
          className={classes.railButton}
          onClick={() => scroll(-1)}
          aria-label={t('layout.scrollUp')}
        >
          <IconChevronUp aria-hidden />
        </ActionIcon>
      )}
      <nav ref={navRef} aria-label={t('layout.mainMenu')} className={classes.railNav}>
        <ul>
          {topLevelEntries(subject).map((entry) => (
            <li key={entry.fullPath}>
              <MenuItem entry={entry} active={entry === activeTop} />
            </li>
          ))}
        </ul>
      </nav>
      {scrollable && (
        <ActionIcon
          variant="subtle"
          className={classes.railButton}
          onClick={() => scroll(1)}
          aria-label={t('layout.scrollDown')}
        >
          <IconChevronDown aria-hidden />
        </ActionIcon>
      )}
      <Tooltip label={logoutLabel} position="right">
        <ActionIcon
          variant="subtle"
          size={44}
          className={classes.railButton}
          onClick={onLogout}
          aria-label={logoutLabel}
        >
          <IconLogout aria-hidden />
        </ActionIcon>
      </Tooltip>
    </header>
  );
}

/** One top-level entry: a link to its screen, or to an external site the environment names. */
function MenuItem({ entry, active }: { entry: RouteEntry; active: boolean }) {
  const label = useLabel();
  const subject = useAccessSubject();
  const { data: environment } = useEnvironment();
  const text = label(entry.node.labelKey);
  const Icon = menuIcon(entry.node.icon);
  const style = { height: MENU_ITEM_HEIGHT };
  const urlKey = entry.node.externalUrlKey;
  const url = urlKey ? environment?.externalLinks[urlKey] : null;
  // Without its URL, an external entry opens its in-app page, which names the variable to set.
  if (url) {
    return (
      <Tooltip label={text} position="right">
        <a href={url} target="_blank" rel="noreferrer" className={classes.railLink} style={style} aria-label={text}>
          <Icon size={22} stroke={1.7} aria-hidden />
        </a>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={text} position="right">
      <Link
        to={menuTarget(subject, entry)}
        className={classes.railLink}
        style={style}
        aria-label={text}
        aria-current={active ? 'page' : undefined}
      >
        <Icon size={22} stroke={1.7} aria-hidden />
      </Link>
    </Tooltip>
  );
}

/** Shows or hides the section menu beside the rail. */
function SectionMenuToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <Tooltip label={collapsed ? t('layout.expand') : t('layout.collapse')} position="right">
      <ActionIcon
        variant="subtle"
        size={40}
        className={classes.railButton}
        onClick={onToggle}
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
        aria-expanded={!collapsed}
        aria-controls="section-menu"
      >
        {collapsed ? <IconLayoutSidebarLeftExpand aria-hidden /> : <IconLayoutSidebarLeftCollapse aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
