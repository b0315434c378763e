import { missingModules } from '@regie/contract/events';
import type { RouteEntry } from '@regie/contract/menu';
import {
  canAccess,
  findRouteByPath,
  firstAccessibleChild,
  isListed,
  isTabEnabled,
  ROUTE_TREE,
  type UserAccess,
} from '@regie/contract/routes';
import { hrefOf } from '../route-entry.ts';

/** Listed, and not a parent whose pages are all closed to this user (it would lead nowhere). */
function shown(subject: UserAccess, entry: RouteEntry): boolean {
  if (!isListed(subject, entry)) return false;
  return entry.children.length === 0 || firstAccessibleChild(subject, entry) !== undefined;
}

/** The top-level entries this user sees (spec §6 access rule, 'tests' only in development). */
export function topLevelEntries(subject: UserAccess): RouteEntry[] {
  return ROUTE_TREE.filter((entry) => shown(subject, entry));
}

/** The sub-menu: the entries of the active top-level entry this user sees. */
export function sectionEntries(subject: UserAccess, top: RouteEntry): RouteEntry[] {
  return top.children.filter((entry) => shown(subject, entry));
}

/** Where a menu entry leads: a parent goes straight to its first accessible page. */
export function menuTarget(subject: UserAccess, entry: RouteEntry): string {
  const target = entry.children.length > 0 ? firstAccessibleChild(subject, entry) : entry;
  return hrefOf(target ?? entry) ?? entry.fullPath;
}

/**
 * A page made of tabs (an edit or creation page) opened without one opens on its first tab this
 * user may open, as the generic edit screens do: undefined for any other page. Without it the
 * page showed its section's list / new / edit tabs (issue 24: simulcasts and fans).
 */
export function openingTab(subject: UserAccess, entry: RouteEntry): RouteEntry | undefined {
  if (!entry.node.tabs || entry.children.length === 0) return undefined;
  return firstAccessibleChild(subject, entry);
}

export interface PageTab {
  entry: RouteEntry;
  href: string;
  disabled: boolean;
  /** An event tab locked by modules the event has not activated: those modules (contract eventModules). */
  missingModules?: readonly string[];
}

export interface PageTabs {
  tabs: PageTab[];
  /** The href of the tab of the page on screen, if one is. */
  active: string | null;
}

/**
 * The top-bar tabs (spec §2): the tabs of a tab container (an edit or creation page) when the
 * page is one of them, else the third-level entries of the section. A hidden page of the
 * section (an edit page) shows as an extra tab while it is open.
 */
export function pageTabs(
  subject: UserAccess,
  trail: readonly RouteEntry[],
  params: Record<string, string>,
  activeEventModules: readonly string[] = [],
): PageTabs {
  const current = trail.at(-1);
  if (!current) return { tabs: [], active: null };
  const container = current.isTab && current.parentPath ? findRouteByPath(current.parentPath) : undefined;
  const toTab = (entry: RouteEntry, disabled: boolean): PageTab | null => {
    const href = hrefOf(entry, params);
    if (!href) return null;
    // A creation page's tabs wait for the record, whatever their modules.
    const missing = container?.node.creation ? [] : missingModules(entry.node.eventModules, activeEventModules);
    return missing.length > 0 ? { entry, href, disabled, missingModules: missing } : { entry, href, disabled };
  };

  if (container) {
    const tabs = container.children
      .filter((entry) => canAccess(subject, entry))
      .map((entry) => toTab(entry, !isTabEnabled(entry, { activeEventModules })))
      .filter((tab): tab is PageTab => tab !== null);
    return { tabs, active: tabs.find((tab) => tab.entry === current)?.href ?? null };
  }

  const section = trail[1];
  const third = trail[2];
  if (!section || section.children.length === 0) return { tabs: [], active: null };
  const listed = section.children.filter((entry) => isListed(subject, entry) || entry === third);
  const tabs = listed
    .map((entry) => toTab(entry, Boolean(entry.node.disabled)))
    .filter((tab): tab is PageTab => tab !== null);
  return { tabs, active: tabs.find((tab) => tab.entry === third)?.href ?? null };
}
