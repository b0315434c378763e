import {
  type AccessRule,
  type AccessSubject,
  effectiveGrants,
  hasRole,
  holdsReadOnly,
  inheritRule,
  isPlatformAdmin,
  satisfies,
} from './access.ts';
import { missingModules } from './events.tabs.ts';
import { MENU, type MenuNode, type RouteEntry } from './menu.ts';
import { matchPattern, titleStep } from './route-pattern.ts';

function joinPath(parent: string | null, segment: string): string {
  return `${parent ?? ''}/${segment}`;
}

function place(
  nodes: readonly MenuNode[],
  parent: RouteEntry | null,
  parentRule: AccessRule,
  parentChain: readonly AccessRule[],
): RouteEntry[] {
  return nodes.map((menuNode, index) => {
    const rule = inheritRule(parentRule, menuNode);
    const chain = [...parentChain, rule];
    const fullPath = joinPath(parent?.fullPath ?? null, menuNode.path);
    const entry: RouteEntry = {
      fullPath,
      parentPath: parent?.fullPath ?? null,
      depth: parent ? parent.depth + 1 : 0,
      node: menuNode,
      rule,
      chain,
      isTab: Boolean(parent?.node.tabs),
      index,
      children: [],
    };
    entry.children = place(menuNode.children ?? [], entry, rule, chain);
    return entry;
  });
}

function validate(nodes: readonly MenuNode[], where: string): void {
  for (const menuNode of nodes) {
    // A route configuration with a missing path stops the app (spec §2).
    if (!menuNode.path) throw new Error(`Route configuration error: missing path under ${where || '/'}`);
    validate(menuNode.children ?? [], `${where}/${menuNode.path}`);
  }
}

/** Builds the placed tree; throws on a node without a path. */
export function buildRouteTree(menu: readonly MenuNode[]): RouteEntry[] {
  validate(menu, '');
  return place(menu, null, {}, []);
}

export const ROUTE_TREE: readonly RouteEntry[] = buildRouteTree(MENU);

function flatten(entries: readonly RouteEntry[]): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children)]);
}

/** Every route of the tree, parents before children. */
export const ROUTES: readonly RouteEntry[] = flatten(ROUTE_TREE);

export interface UserAccess extends AccessSubject {
  /** Whether the build is staging or production: hides the 'tests' menu. */
  productionBuild?: boolean;
}

/**
 * Spec §6 access rule: the item is shown and reachable only when the user holds one of its
 * authorizedRoles, all its requiredModules, one of its authorizedModules and a high enough access
 * level; children inherit from their parents, and every ancestor must pass too.
 */
export function canAccess(subject: UserAccess, item: RouteEntry | MenuNode): boolean {
  if ('chain' in item) {
    if (subject.productionBuild && ROUTES.some((r) => r.node.devOnly && item.fullPath.startsWith(r.fullPath))) {
      return false;
    }
    return item.chain.every((rule) => satisfies(subject, rule));
  }
  if (subject.productionBuild && item.devOnly) return false;
  return satisfies(subject, item);
}

/** Whether the entry appears in a menu for this user (accessible, not hidden). */
export function isListed(subject: UserAccess, entry: RouteEntry): boolean {
  if (entry.node.hidden) return false;
  if (entry.node.hiddenForAdmin && isPlatformAdmin(subject)) return false;
  if (entry.node.makes && holdsReadOnly(subject.roles)) return false;
  return canAccess(subject, entry);
}

/** Whether a tab may be clicked: creation pages enable only their first tab (spec §2). */
export function isTabEnabled(entry: RouteEntry, context: { activeEventModules?: readonly string[] } = {}): boolean {
  if (entry.node.disabled) return false;
  const parent = entry.parentPath ? findRouteByPath(entry.parentPath) : undefined;
  if (parent?.node.creation && entry.index > 0) return false;
  return missingModules(entry.node.eventModules, context.activeEventModules ?? []).length === 0;
}

export function findRouteByPath(fullPath: string): RouteEntry | undefined {
  return ROUTES.find((entry) => entry.fullPath === fullPath);
}

/** Matches a browser path against the tree's patterns (`/account/users/edit/42`). */
export function matchRoute(pathname: string): { entry: RouteEntry; params: Record<string, string> } | undefined {
  return matchPattern(ROUTES, pathname);
}

/** The entry and its ancestors, the top-level entry first. */
export function lineage(entry: RouteEntry): RouteEntry[] {
  const chain: RouteEntry[] = [entry];
  let parentPath = entry.parentPath;
  while (parentPath) {
    const parent = findRouteByPath(parentPath);
    if (!parent) break;
    chain.unshift(parent);
    parentPath = parent.parentPath;
  }
  return chain;
}

/** The entry whose label titles a page: its section (the second step of the trail), else the top. */
export function titleEntry(trail: readonly RouteEntry[]): RouteEntry | undefined {
  return titleStep(trail);
}

/** Replaces `:params` in a pattern; optional params left without a value are dropped. */
export function fillPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const name = segment.slice(1).replace(/\?$/, '');
      const value = params[name];
      if (value === undefined || value === '') {
        if (segment.endsWith('?')) return [];
        throw new Error(`Missing route parameter ${name} for ${pattern}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
}

/**
 * Where a parent with no screen of its own sends this user: its first accessible, enabled,
 * parameter-free child, followed down to a leaf. Undefined when none is accessible.
 */
export function firstAccessibleChild(subject: UserAccess, entry: RouteEntry): RouteEntry | undefined {
  for (const child of entry.children) {
    if (child.node.disabled || child.node.path.includes(':') || child.node.externalUrlKey) continue;
    if (child.node.hiddenForAdmin && isPlatformAdmin(subject)) continue;
    if (!canAccess(subject, child)) continue;
    if (child.children.length === 0) return child;
    const deeper = firstAccessibleChild(subject, child);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Landing route per user (spec §2): first match wins. */
export const LANDING_RULES: readonly { path: string; roles: readonly string[]; module?: string }[] = [
  { path: '/dashboard', roles: ['conf_player_write', 'sport_player_write'], module: 'DASHBOARD' },
  { path: '/events/simulcasts/list', roles: ['simulcast_write'], module: 'SIMULCAST' },
  { path: '/account/clip-skins', roles: ['liveclipping_write'], module: 'STREAM_CLIPPING' },
  { path: '/medias/videos/list', roles: ['video_write', 'video_download'], module: 'VIDEOS' },
  { path: '/trivia/quizzes', roles: ['trivia_write'], module: 'ADDON_TRIVIA' },
  { path: '/account/customers', roles: ['manage_customer_accounts'] },
  { path: '/account/users/list', roles: ['manage_users'] },
];

export const DEFAULT_LANDING = '/account/settings/infos';

/** Whether the user may open this path of the tree and sees it (an admin never sees their settings). */
function reachable(subject: UserAccess, path: string): boolean {
  const match = matchRoute(path);
  if (!match) return false;
  if (isPlatformAdmin(subject) && lineage(match.entry).some((entry) => entry.node.hiddenForAdmin)) return false;
  return canAccess(subject, match.entry);
}

/** The first page of the menu, in its order, that this user may open: a leaf, not a link out. */
export function firstReachablePage(subject: UserAccess): string | undefined {
  for (const top of ROUTE_TREE) {
    if (!isListed(subject, top) || top.node.externalUrlKey || top.node.disabled) continue;
    const page = top.children.length > 0 ? firstAccessibleChild(subject, top) : top;
    if (page && !page.node.path.includes(':')) return page.fullPath;
  }
  return undefined;
}

/**
 * Where a user lands (spec §2), after signing in and after an admin picks an account to act for
 * (its roles and modules then count): the first landing rule that matches, else the account's
 * settings, else, for an admin (who never sees their own settings), the first page of the menu
 * they may open. Each candidate must be a page the user may open: never /notauthorized.
 */
export function landingRoute(subject: UserAccess): string {
  const { roles, modules } = effectiveGrants(subject);
  const rule = LANDING_RULES.find(
    (candidate) =>
      candidate.roles.some((role) => roles.includes(role)) &&
      (!candidate.module || modules.includes(candidate.module)) &&
      reachable(subject, candidate.path),
  );
  if (rule) return rule.path;
  if (reachable(subject, DEFAULT_LANDING)) return DEFAULT_LANDING;
  return firstReachablePage(subject) ?? DEFAULT_LANDING;
}

export { hasRole };
